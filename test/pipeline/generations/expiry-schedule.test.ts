/**
 * The expiry schedule of work waiting on the merchant (generation-store.ts, "Expiry"): a move
 * into review or a pause schedules it, in the same step, the ceiling after the move; the move out
 * ends it. Work moved there before expiry existed gets its schedule from the upgrade's one-off
 * pass (`scheduleWaitingExpiry`), counted from when it entered the state. The suite's Redis.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock, type Clock } from '../../../src/platform/clock.ts';
import { closeRedis, connectRedis, type Redis } from '../../../src/platform/redis/connection.ts';
import { pipelineConfig } from '../../../src/pipeline/config.ts';
import {
  createGenerationStore,
  type GenerationStore,
} from '../../../src/pipeline/generations/generation-store.ts';
import type { GenerationState } from '../../../src/pipeline/generations/generation.ts';
import { appWideKeys } from '../../../src/pipeline/generations/keys.ts';
import { testRedisUrl, uniqueShop } from '../../support/redis.ts';
import { photoRequest, uniqueNamespace } from '../../support/generations.ts';

const DAY_MS = 86_400_000;
const expiry = { inReviewMs: 30 * DAY_MS, pausedMs: 20 * DAY_MS };
let redis: Redis;
/** The store as the app builds it, and one without expiry (a release from before it). */
let store: GenerationStore;
let before: GenerationStore;

/**
 * A clock a millisecond on at every reading, as a loaded machine's is between two readings: an
 * expiry must be counted from the instant its move records, not from another reading.
 */
let ms = Date.now();
const ticking: Clock = { now: () => (ms += 1), sleep: systemClock.sleep };

beforeAll(async () => {
  redis = await connectRedis(testRedisUrl());
  const common = {
    redis,
    clock: ticking,
    keys: appWideKeys(uniqueNamespace('expiry')),
    retention: pipelineConfig().retention,
  };
  store = createGenerationStore({ ...common, expiry });
  before = createGenerationStore(common);
});
afterAll(() => closeRedis(redis));

const TO_REVIEW: GenerationState[] = ['submitting', 'processing', 'saving', 'in_review'];

async function inReview(shop: string, through = store): Promise<{ id: string; at: number }> {
  const { id } = await through.create(photoRequest(shop));
  let from: GenerationState = 'queued';
  for (const to of TO_REVIEW) {
    await through.transition(shop, id, { from: [from], to });
    from = to;
  }
  const moved = await through.get(shop, id);
  return { id, at: Date.parse(moved!.transitions.at(-1)!.at) };
}

/** The shop's generations due to expire at `at` (ms). */
async function dueAt(shop: string, at: number): Promise<string[]> {
  const due = await store.dueToExpire({ now: at, shops: 1_000, batch: 100 });
  return due.find((entry) => entry.shop === shop)?.ids ?? [];
}

describe('the expiry schedule', () => {
  it('makes a result in review due 30 days after it entered review, not before', async () => {
    const shop = uniqueShop();
    const { id, at } = await inReview(shop);
    expect(await dueAt(shop, at + 30 * DAY_MS - 1)).toEqual([]);
    expect(await dueAt(shop, at + 30 * DAY_MS)).toEqual([id]);
  });

  it('ends with the move out of review', async () => {
    const shop = uniqueShop();
    const { id, at } = await inReview(shop);
    await store.transition(shop, id, { from: ['in_review'], to: 'saving' });
    expect(await dueAt(shop, at + 31 * DAY_MS)).toEqual([]);
  });

  it('makes paused work due after the pause ceiling', async () => {
    const shop = uniqueShop();
    const { id } = await store.create(photoRequest(shop));
    const paused = await store.transition(shop, id, { from: ['queued'], to: 'paused' });
    const at = Date.parse(paused.transitions.at(-1)!.at);
    expect(await dueAt(shop, at + 20 * DAY_MS - 1)).toEqual([]);
    expect(await dueAt(shop, at + 20 * DAY_MS)).toEqual([id]);
  });

  it('gives work moved into review before expiry existed its schedule, from when it entered', async () => {
    const shop = uniqueShop();
    const { id, at } = await inReview(shop, before);
    expect(await dueAt(shop, at + 31 * DAY_MS)).toEqual([]);
    expect(await store.scheduleWaitingExpiry(shop)).toBe(1);
    expect(await dueAt(shop, at + 30 * DAY_MS - 1)).toEqual([]);
    expect(await dueAt(shop, at + 30 * DAY_MS)).toEqual([id]);
  });

  it('adds nothing when the one-off pass runs again', async () => {
    const shop = uniqueShop();
    await inReview(shop, before);
    await store.scheduleWaitingExpiry(shop);
    expect(await store.scheduleWaitingExpiry(shop)).toBe(0);
  });
});
