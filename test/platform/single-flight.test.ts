import { describe, expect, it } from 'vitest';
import { createManualClock } from '../../src/platform/clock.ts';
import { singleFlightCache } from '../../src/platform/single-flight.ts';

/** A computation the test finishes by hand, counting how often it started. */
function gatedComputation() {
  const runs: Array<{ key: string; finish: (value: string) => void; fail: (e: Error) => void }> =
    [];
  const compute = (key: string) =>
    new Promise<string>((resolve, reject) => runs.push({ key, finish: resolve, fail: reject }));
  return { runs, compute };
}

describe('single-flight cache', () => {
  it('shares one computation among concurrent misses of a key', async () => {
    const { runs, compute } = gatedComputation();
    const cache = singleFlightCache({ compute, ttlMs: 1_000, clock: createManualClock() });
    const waiting = Array.from({ length: 10 }, () => cache.get('shop-a'));
    expect(runs).toHaveLength(1);
    runs[0]!.finish('figures');
    expect(await Promise.all(waiting)).toEqual(Array(10).fill('figures'));
  });

  it('computes different keys separately', () => {
    const { runs, compute } = gatedComputation();
    const cache = singleFlightCache({ compute, ttlMs: 1_000, clock: createManualClock() });
    void cache.get('shop-a');
    void cache.get('shop-b');
    expect(runs.map((run) => run.key)).toEqual(['shop-a', 'shop-b']);
  });

  it('serves the value until it is older than the TTL, then computes it again', async () => {
    const { runs, compute } = gatedComputation();
    const clock = createManualClock();
    const cache = singleFlightCache({ compute, ttlMs: 1_000, clock });
    const first = cache.get('shop-a');
    runs[0]!.finish('old');
    await first;
    clock.advance(999);
    expect(await cache.get('shop-a')).toBe('old');
    clock.advance(1);
    const second = cache.get('shop-a');
    expect(runs).toHaveLength(2);
    runs[1]!.finish('new');
    expect(await second).toBe('new');
  });

  it('does not keep a failure: the next caller computes again', async () => {
    const { runs, compute } = gatedComputation();
    const cache = singleFlightCache({ compute, ttlMs: 1_000, clock: createManualClock() });
    const failed = cache.get('shop-a');
    runs[0]!.fail(new Error('Redis is down'));
    await expect(failed).rejects.toThrow('Redis is down');
    void cache.get('shop-a');
    expect(runs).toHaveLength(2);
  });

  it('keeps at most maxKeys values, dropping the oldest', async () => {
    let computed = 0;
    const cache = singleFlightCache({
      compute: async (key) => `${key}:${++computed}`,
      ttlMs: 60_000,
      clock: createManualClock(),
      maxKeys: 2,
    });
    await cache.get('a');
    await cache.get('b');
    await cache.get('c'); // drops a
    expect(await cache.get('b')).toBe('b:2');
    expect(await cache.get('a')).toBe('a:4');
  });
});
