/**
 * `optionGroup`: the options of one request, read whole (MAX_CANDIDATES at most, in
 * app-api/contract.ts).
 */
import { generationKeys } from '../keys.ts';
import { getMany } from './get.ts';
import type { GenerationStore, GenerationStoreDeps } from './types.ts';

export function candidateGroup({
  redis,
}: Pick<GenerationStoreDeps, 'redis'>): GenerationStore['candidateGroup'] {
  return async (shop, group) => {
    const ids = await redis.zrangebylex(generationKeys.byCandidateGroup(shop, group), '-', '+');
    return getMany(redis, shop, ids);
  };
}
