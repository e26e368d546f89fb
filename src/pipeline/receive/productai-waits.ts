/**
 * The generations whose job reads wait out a ProductAI outage (productai-outage.ts), every
 * shop's: one sorted set, member `<shop> <generation id>`, score when its own next read is due
 * (ms). It is what the probe (productai-probe.ts) reads with (the first one's job) and what an
 * answer brings forward (`take`, then their await jobs are promoted: context.ts
 * `productAiBack`). A generation leaves it when one of its reads is answered, when it fails past
 * the ceiling, or when its next read is brought forward; one that stopped waiting otherwise (its
 * shop removed, its record expired) is dropped when the probe meets it.
 *
 * Not empty: a read failed for want of ProductAI and none has been answered since, so ProductAI
 * is known to be unreachable (a generation's first read joins the wait without a call).
 */
import type { Redis } from '../../platform/redis/connection.ts';
import type { GenerationRef } from '../stages/stage.ts';

export interface ProductAiWaits {
  /** The generation's next read is due at `readAt` (ms). */
  add(ref: GenerationRef, readAt: number): Promise<void>;
  remove(ref: GenerationRef): Promise<void>;
  /** Up to `count` waiting generations, the one whose read is due first first. */
  first(count: number): Promise<GenerationRef[]>;
  /** Takes up to `count` waiting generations out of the set (their reads come now). */
  take(count: number): Promise<GenerationRef[]>;
  /** Whether any generation waits on ProductAI now. */
  any(): Promise<boolean>;
  /** Forgets a shop's waits (shop/redact). */
  removeShop(shop: string): Promise<void>;
}

const member = (ref: GenerationRef) => `${ref.shop} ${ref.generationId}`;

function refOf(entry: string): GenerationRef {
  const [shop, generationId] = entry.split(' ') as [string, string];
  return { shop, generationId };
}

export function createProductAiWaits(redis: Redis, key: string): ProductAiWaits {
  return {
    async add(ref, readAt) {
      await redis.zadd(key, Math.round(readAt), member(ref));
    },
    async remove(ref) {
      await redis.zrem(key, member(ref));
    },
    async first(count) {
      return (await redis.zrange(key, '0', String(count - 1))).map(refOf);
    },
    async take(count) {
      const popped = await redis.zpopmin(key, count);
      return popped.filter((_, i) => i % 2 === 0).map(refOf);
    },
    async any() {
      return (await redis.zcard(key)) > 0;
    },
    async removeShop(shop) {
      let cursor = '0';
      do {
        const [next, found] = await redis.zscan(key, cursor, 'MATCH', `${shop} *`);
        const members = found.filter((_, i) => i % 2 === 0);
        if (members.length > 0) await redis.zrem(key, ...members);
        cursor = next;
      } while (cursor !== '0');
    },
  };
}
