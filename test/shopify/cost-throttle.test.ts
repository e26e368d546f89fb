import { describe, expect, it } from 'vitest';
import { createCostThrottle, type Admission } from '../../src/shopify/cost-throttle.ts';
import type { Clock } from '../../src/platform/clock.ts';

const SHOP = 'acme.myshopify.com';
const status = (currentlyAvailable: number) => ({
  maximumAvailable: 100,
  currentlyAvailable,
  restoreRate: 50,
});

/** A clock that stands still; its sleeps end when `advance` passes them. */
function steppedClock() {
  let now = 1_000_000;
  const sleepers: Array<{ until: number; wake: () => void }> = [];
  const clock: Clock & { advance(ms: number): Promise<void> } = {
    now: () => now,
    sleep: (ms, signal) =>
      new Promise<void>((resolve, reject) => {
        const sleeper = { until: now + ms, wake: resolve };
        sleepers.push(sleeper);
        signal?.addEventListener('abort', () => {
          sleepers.splice(sleepers.indexOf(sleeper), 1);
          reject(signal.reason);
        });
      }),
    async advance(ms) {
      now += ms;
      for (const sleeper of sleepers.filter((s) => s.until <= now)) {
        sleepers.splice(sleepers.indexOf(sleeper), 1);
        sleeper.wake();
      }
      await flush();
    },
  };
  return clock;
}

const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Admissions in the order they were granted. */
function track(promise: Promise<Admission>, into: string[], name: string) {
  return promise.then((admission) => {
    into.push(name);
    return admission;
  });
}

async function knownBucket(throttle: ReturnType<typeof createCostThrottle>, available: number) {
  (await throttle.admit(SHOP, 0)).settle({ throttleStatus: status(available) });
}

describe('cost throttle', () => {
  it('sends one request at a time while the bucket is unknown', async () => {
    const throttle = createCostThrottle(steppedClock());
    const admitted: string[] = [];
    const probe = await track(throttle.admit(SHOP, 10), admitted, 'probe');
    void track(throttle.admit(SHOP, 10), admitted, 'second');
    await flush();
    expect(admitted).toEqual(['probe']);
    probe.settle({ throttleStatus: status(90), actualQueryCost: 10 });
    await flush();
    expect(admitted).toEqual(['probe', 'second']);
  });

  it('admits at once what the bucket holds', async () => {
    const throttle = createCostThrottle(steppedClock());
    await knownBucket(throttle, 60);
    const admission = await throttle.admit(SHOP, 50);
    expect(admission.waitedMs).toBe(0);
  });

  it('queues callers the bucket cannot hold and admits them as it refills', async () => {
    const clock = steppedClock();
    const throttle = createCostThrottle(clock);
    await knownBucket(throttle, 20);
    const admitted: string[] = [];
    void track(throttle.admit(SHOP, 40), admitted, 'first');
    void track(throttle.admit(SHOP, 40), admitted, 'second');
    await clock.advance(399);
    expect(admitted).toEqual([]);
    await clock.advance(1); // 20 missing at 50/s
    expect(admitted).toEqual(['first']);
    await clock.advance(799);
    expect(admitted).toEqual(['first']); // the first still holds its 40
    await clock.advance(1);
    expect(admitted).toEqual(['first', 'second']);
  });

  it('leaves its share free for other processes: a call waits until the bucket holds it and that share', async () => {
    const clock = steppedClock();
    // The worker's: a quarter of the bucket (25 of 100 points) stays for the web process's clicks.
    const throttle = createCostThrottle(clock, { keepFree: 0.25 });
    await knownBucket(throttle, 60);
    const admitted: string[] = [];
    void track(throttle.admit(SHOP, 50), admitted, 'page');
    await clock.advance(299);
    expect(admitted).toEqual([]);
    await clock.advance(1); // 75 held at 50/s: 50 and the 25 left free
    expect(admitted).toEqual(['page']);
  });

  it('gives back the unused part of a reservation when Shopify reports the bucket', async () => {
    const clock = steppedClock();
    const throttle = createCostThrottle(clock);
    await knownBucket(throttle, 100);
    const first = await throttle.admit(SHOP, 80); // requested 80 ...
    const admitted: string[] = [];
    void track(throttle.admit(SHOP, 80), admitted, 'second');
    await flush();
    expect(admitted).toEqual([]);
    // ... but it cost 10: Shopify refunded 70 and says so in throttleStatus.
    first.settle({ actualQueryCost: 10, throttleStatus: status(90) });
    await flush();
    expect(admitted).toEqual(['second']); // at once, not after 1.2 s of refill
  });

  it('charges only the actual cost when the answer has no bucket state', async () => {
    const clock = steppedClock();
    const throttle = createCostThrottle(clock);
    await knownBucket(throttle, 100);
    (await throttle.admit(SHOP, 80)).settle({ actualQueryCost: 10 });
    expect(throttle.waitFor(SHOP, 90)).toBe(0);
    expect(throttle.waitFor(SHOP, 100)).toBe(200); // 10 spent, 10 missing at 50/s
  });

  it('syncs its model from throttleStatus, down as well as up', async () => {
    const clock = steppedClock();
    const throttle = createCostThrottle(clock);
    await knownBucket(throttle, 100);
    // Another process spent the bucket: Shopify's figure wins over the model's.
    (await throttle.admit(SHOP, 10)).settle({ actualQueryCost: 10, throttleStatus: status(5) });
    expect(throttle.waitFor(SHOP, 55)).toBe(1_000);
  });

  it('counts the refill since the last report, up to the bucket size', async () => {
    const clock = steppedClock();
    const throttle = createCostThrottle(clock);
    await knownBucket(throttle, 0);
    await clock.advance(1_000);
    expect(throttle.waitFor(SHOP, 50)).toBe(0);
    await clock.advance(60_000);
    expect(throttle.waitFor(SHOP, 100)).toBe(0);
    expect(throttle.waitFor(SHOP, 150)).toBe(0); // more than the bucket holds: waits for a full one
  });

  it('drops a waiting caller whose signal aborts, and lets the next one through', async () => {
    const clock = steppedClock();
    const throttle = createCostThrottle(clock);
    await knownBucket(throttle, 0);
    const abort = new AbortController();
    const admitted: string[] = [];
    const aborted = throttle.admit(SHOP, 100, abort.signal);
    void track(throttle.admit(SHOP, 10), admitted, 'small');
    abort.abort(new Error('gone'));
    await expect(aborted).rejects.toThrow('gone');
    await clock.advance(200);
    expect(admitted).toEqual(['small']);
  });

  it('remembers the last requested cost per operation', () => {
    const throttle = createCostThrottle(steppedClock());
    expect(throttle.expectedCost('Products')).toBe(0);
    throttle.learnCost('Products', 52);
    expect(throttle.expectedCost('Products')).toBe(52);
  });
});
