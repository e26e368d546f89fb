/** `get`: one generation, its record and its transitions read side by side. */
import type { Redis } from '../../../platform/redis/connection.ts';
import type { Generation } from '../generation.ts';
import { generationKeys } from '../keys.ts';
import { decodeRecord } from './record.ts';
import type { GenerationStore, GenerationStoreDeps } from './types.ts';

export function get({ redis }: Pick<GenerationStoreDeps, 'redis'>): GenerationStore['get'] {
  return (shop, id) => readGeneration(redis, shop, id);
}

/**
 * The generations of `ids` that still exist, in that order: an index may name a generation whose
 * record has expired until the retention sweep removes the entry.
 */
export async function getMany(redis: Redis, shop: string, ids: string[]): Promise<Generation[]> {
  const found = await Promise.all(ids.map((id) => readGeneration(redis, shop, id)));
  return found.filter((generation): generation is Generation => generation !== null);
}

async function readGeneration(redis: Redis, shop: string, id: string): Promise<Generation | null> {
  const [fields, history] = await Promise.all([
    redis.hgetall(generationKeys.record(shop, id)),
    redis.lrange(generationKeys.transitions(shop, id), 0, -1),
  ]);
  if (!fields.state) return null;
  return decodeRecord(Object.entries(fields).flat(), history);
}
