/**
 * How much of Redis's memory is in use. Redis runs with `noeviction` (compose.yaml, deploy/):
 * once `used_memory` reaches `maxmemory` it refuses every write, and the app is down for every
 * shop. Read from `INFO memory` for the metric and the readiness warning (health.ts).
 */

export interface RedisMemory {
  usedBytes: number;
  /** `maxmemory`; 0 when none is set (Redis then grows until the host runs out). */
  maxBytes: number;
}

/** Share of maxmemory in use past which readiness warns (docs/operations.md, Quotas per shop). */
export const MEMORY_WARN_RATIO = 0.8;

export async function readRedisMemory(redis: {
  info(section: 'memory'): Promise<string>;
}): Promise<RedisMemory> {
  const info = await redis.info('memory');
  const field = (name: string) => Number(new RegExp(`^${name}:(\\d+)`, 'm').exec(info)?.[1] ?? 0);
  return { usedBytes: field('used_memory'), maxBytes: field('maxmemory') };
}

/** Used ÷ max, or 0 when no maxmemory is set. */
export function memoryRatio({ usedBytes, maxBytes }: RedisMemory): number {
  return maxBytes > 0 ? usedBytes / maxBytes : 0;
}
