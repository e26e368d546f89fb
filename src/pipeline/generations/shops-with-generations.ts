/**
 * Every shop that has generations, found by SCAN of their `all` indexes a page of keys at a time
 * (memory stays flat however many shops there are), for the operator's one-off passes after an
 * upgrade (recount-states.ts, scripts/schedule-waiting-expiry.ts). SCAN may name a shop twice:
 * each pass is safe to repeat.
 */
import { shopOfKey } from '../../platform/keys.ts';
import type { Redis } from '../../platform/redis/connection.ts';
import { generationKeys } from './keys.ts';

const SCAN_PAGE = 1_000;

export async function* shopsWithGenerations(redis: Redis): AsyncGenerator<string> {
  const stream = redis.scanStream({ match: generationKeys.everyShopsAllIndex(), count: SCAN_PAGE });
  for await (const keys of stream as AsyncIterable<string[]>) {
    for (const key of keys) {
      const shop = shopOfKey(key);
      if (shop) yield shop;
    }
  }
}
