/**
 * Which products already carry a result of this app made with the same options, so that running
 * the same bulk run twice does not add a second AI photo to every product it already did.
 *
 * Layout: per shop and per options fingerprint, one Redis hash product id -> generation id,
 * written when a result is published and removed when that result is undone. A bulk run (or its
 * estimate) asks about one page of products with one HMGET: the check costs the same whatever
 * the shop's history, and nothing is ever scanned. The keys live under the shop's prefix, so
 * erasing the shop erases them.
 *
 * The fingerprint covers what makes two results "the same": the kind and every completed
 * parameter (model, prompt, aspect ratio, resolution, format, duration, audio). It is computed
 * from the complete parameters (request-rules.ts `completeParams`), which both the Generate page
 * and bulk runs store, so a photo made by hand counts for a later bulk run with the same options.
 */
import { createHash } from 'node:crypto';
import type { GenerationKind, GenerationParams } from '../../app-api/contract.ts';
import { shopKeyspace } from '../../platform/keys.ts';
import type { Redis } from '../../platform/redis/connection.ts';
import { luaScript } from '../../platform/redis/lua-script.ts';

const keys = shopKeyspace('published');

export interface PublishedResult {
  shop: string;
  kind: GenerationKind;
  params: GenerationParams;
  productId: string;
  generationId: string;
}

export interface PublishedResults {
  /** The result is on the product now. */
  record(result: PublishedResult): Promise<void>;
  /** The result was taken off the product (undo): forget it, unless a newer one replaced it. */
  forget(result: PublishedResult): Promise<void>;
  /** Of these products, the ones with a published result made with these options. */
  alreadyDone(
    shop: string,
    kind: GenerationKind,
    params: GenerationParams,
    productIds: readonly string[],
  ): Promise<Set<string>>;
}

/** A short, stable name for a kind and its complete parameters (key order does not matter). */
export function optionsFingerprint(kind: GenerationKind, params: GenerationParams): string {
  const entries = Object.entries(params)
    .filter(([, value]) => value !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : 1));
  return createHash('sha256')
    .update(JSON.stringify([kind, entries]))
    .digest('base64url')
    .slice(0, 22);
}

const FORGET = luaScript(new URL('./lua/forget-published.lua', import.meta.url), {
  keys: ['published'],
  args: ['productId', 'generationId'],
});

export function createPublishedResults(redis: Redis): PublishedResults {
  const hash = (shop: string, kind: GenerationKind, params: GenerationParams) =>
    keys.key(shop, optionsFingerprint(kind, params));
  return {
    async record(result) {
      await redis.hset(
        hash(result.shop, result.kind, result.params),
        result.productId,
        result.generationId,
      );
    },
    async forget(result) {
      await FORGET(
        redis,
        { published: hash(result.shop, result.kind, result.params) },
        { productId: result.productId, generationId: result.generationId },
      );
    },
    async alreadyDone(shop, kind, params, productIds) {
      if (productIds.length === 0) return new Set();
      const found = await redis.hmget(hash(shop, kind, params), ...productIds);
      return new Set(productIds.filter((_, index) => found[index] !== null));
    },
  };
}
