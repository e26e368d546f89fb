/**
 * "Keep the winner" and a campaign going live on the same product: the keep's check that no
 * campaign holds the product and the keep itself are one step, so a campaign going live right
 * after the service's own check (on the campaigns' records) is still seen, and the keep refused
 * (409 held_by_campaign, the campaign named): the campaign wins, and the winner is not recorded
 * as kept. Once that campaign no longer holds the product, its claim is stale and the winner is
 * kept. Deterministic: the campaign goes live (the engine's own hook, as its start phase calls
 * it) from inside the service's check, between the check and the keep; no worker, no wait.
 */
import { expect, it } from 'vitest';
import type { Campaign } from '../../../src/features/campaigns/campaign.ts';
import { createExperimentsService } from '../../../src/features/experiments/service.ts';
import { AppError } from '../../../src/platform/errors.ts';
import { startTestApp } from '../../support/app.ts';
import { twoArmExperiment } from './support/experiments.ts';

const app = await startTestApp({ webhookWorker: false });
const engine = app.deps.engines.experiments;
const productId = 'gid://shopify/Product/7001';

/** An experiment of a new shop that ended asking, its AI photo the winner, its steps done. */
async function endedAsking() {
  const shop = app.newShop();
  const created = await engine.store.create(
    twoArmExperiment(shop, { productId, minDays: 1, maxDays: 3, endAction: 'ask' }),
    engine.clock.now() + 86_400_000,
  );
  const ended = await engine.store.end(shop, created.id, {
    why: 'decided',
    winner: 'ai1',
    keep: null,
    uplift: null,
  });
  expect(await engine.store.finish(ended)).toBe(true);
  return { shop, id: created.id };
}

/** The service, its check on the campaigns' records answered by `holder`. */
function serviceWith(holder: (shop: string, productId: string) => Promise<Campaign | null>) {
  return createExperimentsService({
    experiments: engine,
    generations: app.deps.pipeline.generations,
    admin: app.deps.admin,
    campaignOnProduct: holder,
    clock: engine.clock,
    metrics: app.deps.metrics,
  });
}

const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'kept',
    (error: unknown) => (error instanceof AppError ? error.code : error),
  );

it('refuses the keep when a campaign goes live between the check and the keep', async () => {
  const { shop, id } = await endedAsking();
  const campaign = { id: 'campaign-1', name: 'Winter sale' } as Campaign;
  let live = false;
  const service = serviceWith(async (checkedShop, checkedProduct) => {
    if (live) return campaign;
    // The check finds no campaign; the campaign goes live on the product right after it.
    live = true;
    await engine.yieldToCampaign(checkedShop, checkedProduct, campaign.id);
    return null;
  });

  const refused = await service.keepWinner(shop, id).catch((error: unknown) => error);
  expect(refused).toBeInstanceOf(AppError);
  expect(refused).toMatchObject({ code: 'held_by_campaign', params: { name: 'Winter sale' } });
  expect((await engine.store.get(shop, id))!.end).toMatchObject({ winner: 'ai1', keep: null });
  // The product stays the campaign's: no experiment holds it again.
  expect(await engine.store.ofProduct(shop, productId)).toBeNull();
});

it('keeps the winner once the campaign that claimed the product no longer holds it', async () => {
  const { shop, id } = await endedAsking();
  await engine.yieldToCampaign(shop, productId, 'campaign-2');
  // Still holding it: refused, by its name.
  const holding = { id: 'campaign-2', name: 'Spring sale' } as Campaign;
  expect(await codeOf(serviceWith(async () => holding).keepWinner(shop, id))).toBe(
    'held_by_campaign',
  );
  // Ended and restored: its claim is stale, taken off, and the winner kept.
  const kept = await serviceWith(async () => null).keepWinner(shop, id);
  expect(kept).toMatchObject({ winner: 'ai1', kept: 'ai1' });
});
