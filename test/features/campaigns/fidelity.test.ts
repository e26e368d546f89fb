/**
 * A campaign's result the fidelity check judges changed does not go live at the start with the
 * others: it waits in review with the reason until the merchant approves it, whatever the
 * campaign says (it does not review first here). The check is scripted through the composition
 * root (test/support/fidelity.ts).
 */
import { beforeAll, expect, it } from 'vitest';
import type { CampaignView } from '../../../src/app-api/campaigns.ts';
import { scriptedFidelity } from '../../support/fidelity.ts';
import {
  DAY_MS,
  allHeld,
  campaignRequest,
  ids,
  mediaOf,
  productsWithImages,
  settled,
  startCampaignHarness,
  waitForCampaign,
  type CampaignHarness,
} from './support/campaigns.ts';

const fidelity = scriptedFidelity();
let harness: CampaignHarness;

beforeAll(async () => {
  harness = await startCampaignHarness({ fidelity: fidelity.factory });
  const worker = harness.campaigns.startWorker();
  return () => worker.close();
}, 60_000);

it('keeps a changed result off the product at the start, while the faithful one goes live', async () => {
  const shop = await harness.newShop();
  // Held as it is, not made again (fidelity-retry.test.ts makes tries).
  await harness.app.deps.settings.update(shop.shop, { fidelityRetries: 0 });
  const products = await productsWithImages(harness.app, shop.shop, 2);
  fidelity.answer('changed');
  const created = await shop.api<CampaignView>(
    'POST',
    '/campaigns',
    campaignRequest(harness.clock, products),
  );
  expect(created.status).toBe(202);
  await waitForCampaign(shop, created.body.id, allHeld(2));

  harness.clock.advance(DAY_MS + 120_000);
  const live = await waitForCampaign(
    shop,
    created.body.id,
    (campaign) => settled('live')(campaign) && campaign.report.live === 1,
  );
  const { generations } = await harness.pipeline.generations.list(shop.shop, {
    bulkRunId: live.bulkRun.id,
  });
  const changed = generations.find((generation) => generation.fidelity?.verdict === 'changed')!;
  const faithful = generations.find((generation) => generation.fidelity?.verdict === 'faithful')!;
  const media = await mediaOf(harness, shop.shop, products);
  expect(ids(media.get(faithful.productId))[0]).toBe(faithful.fileId);
  expect(changed.state).toBe('in_review');
  expect(changed.transitions.at(-1)?.note).toBe('Held for review: the red part has another colour');
  expect(ids(media.get(changed.productId))).not.toContain(changed.fileId);
});
