/**
 * The experiments' records on the suite's Redis: one experiment not finished per product, a cap
 * per shop (both checked in the step that writes, so concurrent starts cannot pass together),
 * one end recorded whoever ends first (and not postponed by a look that read it running), the
 * product freed only once the end's steps are done, and an "ask" end's winner kept once.
 */
import { describe, expect, it } from 'vitest';
import {
  createExperimentStore,
  MAX_RUNNING_EXPERIMENTS,
} from '../../../src/features/experiments/experiment-store.ts';
import {
  CampaignClaimError,
  createCampaignClaims,
} from '../../../src/features/experiments/campaign-claims.ts';
import { createManualClock } from '../../../src/platform/clock.ts';
import { AppError } from '../../../src/platform/errors.ts';
import { uniqueShop } from '../../support/redis.ts';
import { uniqueNamespace } from '../../support/generations.ts';
import { storeDeps } from '../../stores/support/store-deps.ts';
import { twoArmExperiment } from './support/experiments.ts';

const { redis } = await storeDeps();
const clock = createManualClock(Date.UTC(2030, 0, 1));
const store = createExperimentStore({ redis, clock, namespace: uniqueNamespace('exp-store') });
const claims = createCampaignClaims(redis);

const product = (n: number) => `gid://shopify/Product/${n}`;
const input = (shop: string, productId = product(1)) => twoArmExperiment(shop, { productId });

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => (error instanceof AppError ? error.code : error),
  );

describe('experiment store', () => {
  it('starts one experiment per product, even when two starts race', async () => {
    const shop = uniqueShop();
    const results = await Promise.allSettled([
      store.create(input(shop), clock.now()),
      store.create(input(shop), clock.now()),
    ]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    expect(await refusal(store.create(input(shop), clock.now()))).toBe('product_in_experiment');
    expect(await refusal(store.create(input(shop, product(2)), clock.now()))).toBeNull();
    expect(await store.list(shop)).toHaveLength(2);
  });

  it('refuses a start past the shop cap, and takes one again once an experiment finished', async () => {
    const shop = uniqueShop();
    const started = [];
    for (let n = 1; n <= MAX_RUNNING_EXPERIMENTS; n += 1)
      started.push(await store.create(input(shop, product(n)), clock.now()));
    const next = input(shop, product(MAX_RUNNING_EXPERIMENTS + 1));
    expect(await refusal(store.create(next, clock.now()))).toBe('experiments_at_cap');

    const ended = await store.end(shop, started[0]!.id, {
      why: 'stopped_keep_original',
      winner: 'control',
      keep: 'control',
      uplift: null,
    });
    // Ended but its steps not done: it still holds its product and its place.
    expect(await store.ofProduct(shop, product(1))).toMatchObject({ id: ended.id });
    expect(await refusal(store.create(next, clock.now()))).toBe('experiments_at_cap');
    await store.finish(ended);
    expect(await store.ofProduct(shop, product(1))).toBeNull();
    expect(await refusal(store.create(next, clock.now()))).toBeNull();
  });

  it('records one end, whoever ends first, due at once', async () => {
    const shop = uniqueShop();
    const experiment = await store.create(input(shop), clock.now() + 86_400_000);
    const member = { shop, id: experiment.id };
    expect(await store.due(clock.now(), 10_000)).not.toContainEqual(member);
    const ends = await Promise.allSettled([
      store.end(shop, experiment.id, { why: 'decided', winner: 'ai1', keep: 'ai1', uplift: null }),
      store.end(shop, experiment.id, {
        why: 'ended_by_undo',
        winner: null,
        keep: null,
        uplift: null,
      }),
    ]);
    expect(ends.filter((end) => end.status === 'fulfilled')).toHaveLength(1);
    const stored = (await store.get(shop, experiment.id))!;
    expect(stored.state).toBe('ended');
    expect(stored.endedAt).not.toBeNull();
    expect(await store.due(clock.now(), 10_000)).toContainEqual(member);
    // A look that read it running and ends after it: the end's steps stay due now.
    await store.nextLook(shop, experiment.id, clock.now() + 86_400_000);
    expect(await store.due(clock.now(), 10_000)).toContainEqual(member);
    await store.finish(stored);
    expect(await store.due(clock.now(), 10_000)).not.toContainEqual(member);
    expect((await store.get(shop, experiment.id))!.finished).toBe(true);
  });

  it('keeps an "ask" end\'s winner once, finishing only the steps that acted on it', async () => {
    const shop = uniqueShop();
    const { id } = await store.create({ ...input(shop), endAction: 'ask' }, clock.now());
    const end = { why: 'decided', winner: 'ai1', keep: null, uplift: null } as const;
    const asked = await store.end(shop, id, end);
    const kept = await store.keepWinner(shop, id);
    expect(kept).toMatchObject({ end: { keep: 'ai1' }, finished: false });
    // Steps that read the end before the keep (it came as they ran) do not finish it: they run
    // again, for the winner; the product stays held meanwhile.
    expect(await store.finish(asked)).toBe(false);
    expect(await store.due(clock.now(), 10_000)).toContainEqual({ shop, id });
    expect(await store.ofProduct(shop, product(1))).toMatchObject({ id, finished: false });
    expect(await store.finish(kept)).toBe(true);
    expect(await store.ofProduct(shop, product(1))).toBeNull();
    // Kept already: a repeat changes nothing, not even "finished".
    expect(await store.keepWinner(shop, id)).toMatchObject({ finished: true });
    expect(await store.due(clock.now(), 10_000)).not.toContainEqual({ shop, id });
  });

  it('keeps the first featured decision', async () => {
    const shop = uniqueShop();
    const experiment = await store.create(input(shop), clock.now());
    expect(await store.decideFeatured(experiment, 'edited')).toBe('edited');
    expect(await store.decideFeatured(experiment, 'set')).toBe('edited');
  });

  it("refuses a start on a product a campaign claimed, until that campaign's claim is off", async () => {
    const shop = uniqueShop();
    expect(await claims.claim(shop, product(1), 'campaign-1')).toBeNull();
    const refused = await store.create(input(shop), clock.now()).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(CampaignClaimError);
    expect(refused).toMatchObject({ campaignId: 'campaign-1', code: 'held_by_campaign' });
    // Another campaign's release leaves the claim; its own takes it off.
    await claims.release(shop, product(1), 'campaign-0');
    expect(await refusal(store.create(input(shop), clock.now()))).toBe('held_by_campaign');
    await claims.release(shop, product(1), 'campaign-1');
    const started = await store.create(input(shop), clock.now());
    // A campaign going live now names the product's experiment, for it to be ended.
    expect(await claims.claim(shop, product(1), 'campaign-2')).toBe(started.id);
  });

  it('leaves the featured image to a campaign that claimed the product before the decision', async () => {
    const shop = uniqueShop();
    const decided = await store.create(input(shop, product(1)), clock.now());
    expect(await store.decideFeatured(decided, 'set')).toBe('set');
    const undecided = await store.create(input(shop, product(2)), clock.now());
    await claims.claim(shop, product(1), 'campaign-1');
    await claims.claim(shop, product(2), 'campaign-1');
    // Decided before the claim: it stands. Not yet: the campaign's image stays.
    expect(await store.decideFeatured(decided, 'set')).toBe('set');
    expect(await store.decideFeatured(undecided, 'set')).toBe('edited');
  });
});
