/**
 * Campaigns and the shop's limits (docs/operations.md, Quotas per shop): a campaign's bulk run waits at the
 * shop's cap of generations not yet final, as any run does, and says why; a result a campaign
 * holds for its start waits for its campaign, not the review ceiling, however far ahead it is.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { CampaignView } from '../../../src/app-api/campaigns.ts';
import { createOffsetClock } from '../../../src/platform/clock.ts';
import { bulkRunAtCapMessage } from '../../../src/pipeline/limits/shop-quotas.ts';
import { fillToCap, rejectAll } from '../../support/shop-at-cap.ts';
import {
  DAY_MS,
  allHeld,
  campaignRequest,
  productsWithImages,
  startCampaignHarness,
  waitForCampaign,
  type CampaignHarness,
} from './support/campaigns.ts';

const CAP = 2;
let harness: CampaignHarness;

beforeAll(async () => {
  harness = await startCampaignHarness({
    config: { quotas: { pendingPerShop: CAP, bulkRunsPerShop: 3, variantValuesPerSet: 25 } },
  });
  const worker = harness.campaigns.startWorker();
  return () => worker.close();
}, 60_000);

describe('a campaign and the shop’s limits', () => {
  it('waits at the shop’s cap, saying why, and makes its results once places free', async () => {
    const shop = await harness.newShop();
    const group = await fillToCap(harness, shop, CAP);
    const products = await productsWithImages(harness.app, shop.shop, 2);
    const { body } = await shop.api<CampaignView>(
      'POST',
      '/campaigns',
      campaignRequest(harness.clock, products),
    );
    const waiting = await waitForCampaign(shop, body.id, (c) => c.bulkRun.waiting != null);
    expect(waiting.bulkRun.waiting?.messageText).toEqual(bulkRunAtCapMessage(CAP));
    await rejectAll(shop, group);
    const held = await waitForCampaign(shop, body.id, allHeld(2));
    expect(held.bulkRun.waiting).toBeNull();
  });

  it('keeps a result held for a start further ahead than the review ceiling', async () => {
    const shop = await harness.newShop();
    const products = await productsWithImages(harness.app, shop.shop, 1);
    const { body } = await shop.api<CampaignView>(
      'POST',
      '/campaigns',
      campaignRequest(harness.clock, products, { startInDays: 40, endInDays: 50 }),
    );
    const held = await waitForCampaign(shop, body.id, allHeld(1));
    const later = createOffsetClock();
    later.advance(31 * DAY_MS); // past the 30 days a result may wait in review
    await harness.pipeline.sweepExpired(later);
    const { generations } = await harness.pipeline.generations.list(shop.shop, {
      bulkRunId: held.bulkRun.id,
    });
    expect(generations.map((generation) => generation.state)).toEqual(['in_review']);
  });
});
