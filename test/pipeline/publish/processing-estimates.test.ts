/**
 * What the verify stage learns of Shopify's processing time (processing-estimates.ts, kept in
 * the suite's Redis), and its backoff (publish-timing.ts).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { closeRedis, connectRedis } from '../../../src/platform/redis/connection.ts';
import { createLearnedProcessingTimes } from '../../../src/pipeline/publish/learned-processing-times.ts';
import { createProcessingEstimates } from '../../../src/pipeline/publish/processing-estimates.ts';
import {
  MIN_RECHECK_MS,
  recheckDelay,
  type PublishTiming,
} from '../../../src/pipeline/publish/publish-timing.ts';
import { testRedisUrl } from '../../support/redis.ts';

const TIMING: PublishTiming = {
  firstCheckMs: 1_000,
  maxCheckMs: 15_000,
  deadlineMs: { photo: 600_000, upscale: 600_000, video: 1_800_000 },
};
const PHOTO = { kind: 'IMAGE', pixels: 1024 * 1024 } as const;
const LARGE_PHOTO = { kind: 'IMAGE', pixels: 4000 * 4000 } as const;
const VIDEO = { kind: 'VIDEO', pixels: null } as const;

const redis = await connectRedis(testRedisUrl());
afterAll(() => closeRedis(redis));

/** A worker's stages, and what the app has learned so far: nothing (a namespace of its own). */
function fresh() {
  const learned = createLearnedProcessingTimes(redis, `estimates-${randomUUID().slice(0, 8)}`);
  return { estimates: createProcessingEstimates(TIMING), learned };
}

describe('the backoff after a check that finds the file unfinished', () => {
  it('waits a fiftieth of the time since the file was created, at least the minimum', () => {
    expect(recheckDelay(TIMING, 1, 1_500)).toBe(30);
    expect(recheckDelay(TIMING, 1, 200)).toBe(MIN_RECHECK_MS);
  });

  it('doubles its share with each check up to the whole time waited, never past the maximum', () => {
    const shares = [1, 2, 3, 4, 5, 6, 7].map((check) => recheckDelay(TIMING, check, 10_000));
    expect(shares).toEqual([200, 400, 800, 1_600, 3_200, 6_400, 10_000]);
    expect(recheckDelay(TIMING, 9, 60_000)).toBe(TIMING.maxCheckMs);
  });
});

describe('the first check of a new file', () => {
  it('waits firstCheckMs for a kind and size Shopify has not processed yet', async () => {
    const { estimates, learned } = fresh();
    expect(await estimates.firstCheckMs(learned, PHOTO)).toBe(1_000);
    expect(await estimates.firstCheckMs(learned, VIDEO)).toBe(1_000);
  });

  it('after a file found READY only at a later check, waits just past the last check that found it unfinished', async () => {
    const { estimates, learned } = fresh();
    // Unfinished at the check 1,200 ms after its creation (the recheck waits 8 % of 1,300 ms,
    // 104 ms, after the third), READY at the fourth, 1,304 ms after it.
    await estimates.observeReady(learned, PHOTO, 4, 1_304);
    expect(await estimates.firstCheckMs(learned, PHOTO)).toBe(1_304 - 104 + MIN_RECHECK_MS);
  });

  it('comes a little sooner after each file READY at a first check that came on time', async () => {
    const { estimates, learned } = fresh();
    await estimates.observeReady(learned, PHOTO, 1, 1_020);
    expect(await estimates.firstCheckMs(learned, PHOTO)).toBe(990);
    await estimates.observeReady(learned, PHOTO, 1, 1_000);
    expect(await estimates.firstCheckMs(learned, PHOTO)).toBe(980);
  });

  it('counts a first check as on time when it came the usual 100-200 ms of a loaded machine late', async () => {
    const { estimates, learned } = fresh();
    await estimates.observeReady(learned, PHOTO, 1, 1_180);
    expect(await estimates.firstCheckMs(learned, PHOTO)).toBe(990);
  });

  it('learns nothing from a READY first check that came late (a busy queue)', async () => {
    const { estimates, learned } = fresh();
    await estimates.observeReady(learned, PHOTO, 1, 5_000);
    expect(await estimates.firstCheckMs(learned, PHOTO)).toBe(1_000);
  });

  it('learns each kind and size apart', async () => {
    const { estimates, learned } = fresh();
    await estimates.observeReady(learned, VIDEO, 6, 40_000);
    await estimates.observeReady(learned, LARGE_PHOTO, 3, 4_000);
    expect(await estimates.firstCheckMs(learned, VIDEO)).toBeGreaterThan(25_000);
    expect(await estimates.firstCheckMs(learned, LARGE_PHOTO)).toBeGreaterThan(3_000);
    expect(await estimates.firstCheckMs(learned, PHOTO)).toBe(1_000);
  });

  it('is shared by every worker and kept across restarts: a new worker starts from what one learned', async () => {
    const { estimates, learned } = fresh();
    await estimates.observeReady(learned, PHOTO, 4, 1_304);
    const restarted = createProcessingEstimates(TIMING);
    expect(await restarted.firstCheckMs(learned, PHOTO)).toBe(1_304 - 104 + MIN_RECHECK_MS);
  });
});
