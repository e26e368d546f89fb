/**
 * The backfill of the generation state counters (generation-store.ts): generations created
 * before the counters existed were never counted, so after an upgrade an operator runs
 * `scripts/recount-generation-states.ts` once. It finds every shop with generations by SCAN (a
 * page of keys at a time, so memory stays flat however many shops and generations there are)
 * and recounts each shop in one atomic script (`recountStates`), so it is exact while the app
 * runs, and running it again changes nothing.
 */
import type { Redis } from '../../platform/redis/connection.ts';
import type { GenerationStore } from './generation-store.ts';
import { shopsWithGenerations } from './shops-with-generations.ts';

export async function recountEveryShop(deps: {
  redis: Redis;
  generations: Pick<GenerationStore, 'recountStates'>;
}): Promise<{ shops: number; statesChanged: number }> {
  let shops = 0;
  let statesChanged = 0;
  // SCAN may name a shop twice; recounting a shop twice is harmless.
  for await (const shop of shopsWithGenerations(deps.redis)) {
    shops += 1;
    statesChanged += await deps.generations.recountStates(shop);
  }
  return { shops, statesChanged };
}
