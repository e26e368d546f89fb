/**
 * `optionGroup`: the options of one request, read whole (MAX_OPTIONS at most, in
 * app-api/contract.ts).
 */
import { generationKeys } from '../keys.ts';
import { getMany } from './get.ts';
import type { GenerationStore, GenerationStoreDeps } from './types.ts';

export function optionGroup({
  redis,
}: Pick<GenerationStoreDeps, 'redis'>): GenerationStore['optionGroup'] {
  return async (shop, group) => {
    const ids = await redis.zrangebylex(generationKeys.byOptionGroup(shop, group), '-', '+');
    return getMany(redis, shop, ids);
  };
}
