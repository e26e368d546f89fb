/**
 * A cache whose concurrent misses share one computation: while a key's value is being computed,
 * every other caller for that key awaits the same promise instead of starting its own. Measured
 * before it (bench/history-growth.ts): 10 simultaneous Overview loads of one shop ran 10 full
 * computations. A failed computation is not cached (the next caller tries again).
 */
import type { Clock } from './clock.ts';

export interface SingleFlightCache<V> {
  get(key: string): Promise<V>;
}

export function singleFlightCache<V>(options: {
  compute: (key: string) => Promise<V>;
  ttlMs: number;
  clock: Clock;
  /** Keys kept at most (oldest dropped first), so a long-lived process stays bounded. */
  maxKeys?: number;
}): SingleFlightCache<V> {
  const { compute, ttlMs, clock, maxKeys = 10_000 } = options;
  const values = new Map<string, { at: number; value: V }>();
  const inFlight = new Map<string, Promise<V>>();

  return {
    get(key) {
      const cached = values.get(key);
      if (cached && clock.now() - cached.at < ttlMs) return Promise.resolve(cached.value);
      const running = inFlight.get(key);
      if (running) return running;
      const started = clock.now();
      const promise = compute(key)
        .then((value) => {
          values.delete(key); // re-inserted last: Map order is then age order
          values.set(key, { at: started, value });
          if (values.size > maxKeys) values.delete(values.keys().next().value!);
          return value;
        })
        .finally(() => inFlight.delete(key));
      inFlight.set(key, promise);
      return promise;
    },
  };
}
