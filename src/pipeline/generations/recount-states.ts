/**
 * The backfill of the generation state counters (generation-store.ts): generations created
 * before the counters existed were never counted, so after an upgrade an operator runs
 * `scripts/recount-generation-states.ts` once. It finds every shop with generations by SCAN (a
 * page of keys at a time, so memory stays flat however many shops and generations there are)
 * and recounts each shop in one atomic script (`recountStates`), so it is exact while the app
 * runs, and running it again changes nothing.
 */
import { shopOfKey } from '../../platform/keys.ts';
import type { Redis } from '../../platform/redis/connection.ts';
import type { GenerationStore } from './generation-store.ts';
import { generationKeys } from './keys.ts';

const SCAN_PAGE = 1_000;

export async function recountEveryShop(deps: {
  redis: Redis;
  generations: Pick<GenerationStore, 'recountStates'>;
}): Promise<{ shops: number; statesChanged: number }> {
  let shops = 0;
  let statesChanged = 0;
  const stream = deps.redis.scanStream({
    match: generationKeys.everyShopsAllIndex(),
    count: SCAN_PAGE,
  });
  // SCAN may return a key twice; recounting a shop twice is harmless.
  for await (const keys of stream as AsyncIterable<string[]>) {
    for (const key of keys) {
      const shop = shopOfKey(key);
      if (!shop) continue;
      shops += 1;
      statesChanged += await deps.generations.recountStates(shop);
    }
  }
  return { shops, statesChanged };
}
