/**
 * `countByState` and `countByStateAppWide`: read from the counters the writes keep in the same
 * atomic step (lua/includes/generation-counters.lua, and the bulk-run counts transition.lua
 * keeps), so a count is one HGETALL however long the shop's history. Every state is answered,
 * 0 when never counted.
 */
import { GenerationState as GenerationStates } from '../../../app-api/contract.ts';
import type { GenerationState } from '../generation.ts';
import { generationKeys } from '../keys.ts';
import type { GenerationStore, GenerationStoreDeps, StateCounts } from './types.ts';

export function countByState({
  redis,
}: Pick<GenerationStoreDeps, 'redis'>): GenerationStore['countByState'] {
  return async (shop, filter = {}) => {
    const key = filter.bulkRunId
      ? generationKeys.bulkCountsPrefix(shop) + filter.bulkRunId
      : generationKeys.stateCounts(shop);
    return stateCountsFrom(await redis.hgetall(key));
  };
}

export function countByStateAppWide({
  redis,
  keys,
}: Pick<GenerationStoreDeps, 'redis' | 'keys'>): GenerationStore['countByStateAppWide'] {
  return async () => stateCountsFrom(await redis.hgetall(keys.generationStates));
}

function stateCountsFrom(stored: Record<string, string>): StateCounts {
  const counts = Object.fromEntries(
    GenerationStates.options.map((state) => [state, 0]),
  ) as StateCounts;
  for (const [state, count] of Object.entries(stored)) {
    if (state in counts) counts[state as GenerationState] = Number(count);
  }
  return counts;
}
