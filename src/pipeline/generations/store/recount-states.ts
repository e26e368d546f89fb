/**
 * `recountStates`: one shop's state counts set from its state indexes (and what the retention
 * sweep removed from them) in one atomic script, for generations created before the counters
 * existed. The backfill over every shop is ../recount-states.ts.
 */
import { GenerationState as GenerationStates } from '../../../app-api/contract.ts';
import { luaScript } from '../../../platform/redis/lua-script.ts';
import { generationKeys } from '../keys.ts';
import type { GenerationStore, GenerationStoreDeps } from './types.ts';

const RECOUNT = luaScript(new URL('../lua/recount-states.lua', import.meta.url), {
  keys: ['stateCounts', 'appStateCounts', 'sweptCounts'],
  args: ['indexPrefix', 'states'],
});

export function recountStates({
  redis,
  keys,
}: Pick<GenerationStoreDeps, 'redis' | 'keys'>): GenerationStore['recountStates'] {
  return async (shop) =>
    Number(
      await RECOUNT(
        redis,
        {
          stateCounts: generationKeys.stateCounts(shop),
          appStateCounts: keys.generationStates,
          sweptCounts: generationKeys.sweptCounts(shop),
        },
        {
          indexPrefix: generationKeys.indexPrefix(shop),
          states: JSON.stringify(GenerationStates.options),
        },
      ),
    );
}
