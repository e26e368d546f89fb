/**
 * `idsInState` and `idsInRunState`: ids only, oldest first, a page at a time from an index, for
 * batch moves (pausing a shop's queue, a run's approve-all) that must not load every record.
 */
import type { Redis } from '../../../platform/redis/connection.ts';
import { generationKeys } from '../keys.ts';
import type { GenerationStore, GenerationStoreDeps } from './types.ts';

type IdsDeps = Pick<GenerationStoreDeps, 'redis'>;

export function idsInState({ redis }: IdsDeps): GenerationStore['idsInState'] {
  return async (shop, state, limit, after) =>
    idsAfter(redis, generationKeys.byState(shop, state), limit, after);
}

export function idsInRunState({ redis }: IdsDeps): GenerationStore['idsInRunState'] {
  return async (shop, runId, state, limit, after) =>
    idsAfter(redis, generationKeys.byBulkRunState(shop, runId, state), limit, after);
}

function idsAfter(redis: Redis, index: string, limit: number, after?: string): Promise<string[]> {
  return redis.zrangebylex(index, after ? `(${after}` : '-', '+', 'LIMIT', 0, limit);
}
