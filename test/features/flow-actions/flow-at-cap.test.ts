/**
 * The Flow action at the shop's cap of generations not yet final (docs/operations.md, Quotas per shop): the
 * run is not made and not let past the cap; it is answered 429 with the cap, what frees it and
 * Retry-After, which Flow sends again later; nothing is stored, not even the run's claim, so the
 * run sent again once places are free is made. The Shopify emulator runs the action as Flow does.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { pendingCapMessage } from '../../../src/pipeline/limits/shop-quotas.ts';
import {
  FLOW_GENERATE_PHOTO_PATH,
  flowActionsModule,
} from '../../../web/server/routes/flow-actions.ts';
import { startPublishHarness, type PublishHarness } from '../../support/publish-stack.ts';
import { seededProducts } from '../../support/seeded-shop.ts';
import { fillToCap, rejectAll } from '../../support/shop-at-cap.ts';

const CAP = 2;
let harness: PublishHarness;

beforeAll(async () => {
  harness = await startPublishHarness({
    config: { quotas: { pendingPerShop: CAP, bulkRunsPerShop: 3, variantValuesPerSet: 25 } },
    modules: [flowActionsModule],
  });
});

interface FlowAnswer {
  status: number;
  retryAfter: string | null;
  body: { message?: string };
}

/** Flow runs the action step (the emulator signs it as Flow does). */
async function runAction(shop: string, actionRunId: string): Promise<FlowAnswer> {
  const product = (await seededProducts(harness.app, shop)).find((p) => p.mediaCount > 0)!;
  const numericId = product.id.slice(product.id.lastIndexOf('/') + 1);
  return (await harness.app.shopifyControl('POST', '/flow/actions', {
    shop,
    url: `${harness.app.url}${FLOW_GENERATE_PHOTO_PATH}`,
    properties: { product_id: numericId, prompt: 'On a marble table' },
    actionRunId,
  })) as FlowAnswer;
}

const flowGenerations = async (shop: string) =>
  (await harness.pipeline.generations.list(shop, {}, { limit: 100 })).generations.filter(
    (generation) => generation.origin?.type === 'flow',
  );

// Each test waits for a shop's results to reach review first: minutes at load 17, seconds idle.
describe('the Flow action at the shop’s cap', { timeout: 240_000 }, () => {
  it('answers 429 with the cap, what frees it and when to send it again', async () => {
    const shop = await harness.newShop();
    await fillToCap(harness, shop, CAP);
    const answer = await runAction(shop.shop, 'run-at-cap');
    expect(answer).toMatchObject({
      status: 429,
      retryAfter: '60',
      body: { message: pendingCapMessage(CAP) },
    });
  });

  it('makes nothing while the shop is at its cap', async () => {
    const shop = await harness.newShop();
    await fillToCap(harness, shop, CAP);
    await runAction(shop.shop, 'run-at-cap');
    expect(await flowGenerations(shop.shop)).toEqual([]);
  });

  it('makes the run when Flow sends it again once places are free', async () => {
    const shop = await harness.newShop();
    const group = await fillToCap(harness, shop, CAP);
    expect((await runAction(shop.shop, 'run-later')).status).toBe(429);
    await rejectAll(shop, group);
    expect((await runAction(shop.shop, 'run-later')).status).toBe(200);
    expect(await flowGenerations(shop.shop)).toHaveLength(1);
  });
});
