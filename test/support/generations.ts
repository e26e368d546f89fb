import { afterAll, beforeAll } from 'vitest';
import { systemClock } from '../../src/platform/clock.ts';
import { closeRedis, connectRedis, type Redis } from '../../src/platform/redis/connection.ts';
import type {
  GenerationState,
  NewGeneration,
  Priority,
} from '../../src/pipeline/generations/generation.ts';
import type { FairScheduler } from '../../src/pipeline/limits/fair-scheduler.ts';
import {
  createGenerationStore,
  type GenerationStore,
} from '../../src/pipeline/generations/generation-store.ts';
import { appWideKeys } from '../../src/pipeline/generations/keys.ts';
import { pipelineConfig } from '../../src/pipeline/config.ts';
import { testRedisUrl, uniqueNamespace } from './redis.ts';

/**
 * The states of a generation whose first request was proven never accepted by ProductAI: it is
 * sent again, once, and then goes the ordinary way.
 */
export const SENT_AGAIN_ONCE: readonly GenerationState[] = [
  'queued',
  'submitting',
  'uncertain',
  'queued',
  'submitting',
  'processing',
  'saving',
  'published',
];

/**
 * The states of a generation whose request got no usable answer and whose job was then found
 * (its webhook, or ProductAI's job list): adopted, never sent again.
 */
export const ADOPTED_WHEN_UNCERTAIN: readonly GenerationState[] = [
  'queued',
  'submitting',
  'uncertain',
  'processing',
  'saving',
  'published',
];

/** A photo generation request for `shop`, valid for the ProductAI catalogue. */
export function photoRequest(shop: string, overrides: Partial<NewGeneration> = {}): NewGeneration {
  const product = Math.floor(Math.random() * 1e9);
  return {
    shop,
    kind: 'photo',
    productId: `gid://shopify/Product/${product}`,
    productTitle: `Product ${product}`,
    productImageUrl: null,
    sourceMediaIds: [`gid://shopify/MediaImage/${product}`],
    sourceImageUrls: [`https://cdn.example.com/${product}.jpg`],
    params: { model: 'nanobanana2', prompt: 'On a marble counter', outputFormat: 'png' },
    estimatedCredits: 5,
    priority: 'interactive',
    ...overrides,
  };
}

export { uniqueNamespace };

/**
 * A connection to the suite's Redis and a generation store on it, open for the tests of the
 * calling file (connected before them, closed after them).
 */
export function useGenerationStore(): { readonly redis: Redis; readonly store: GenerationStore } {
  const handle = {} as { redis: Redis; store: GenerationStore };
  beforeAll(async () => {
    handle.redis = await connectRedis(testRedisUrl());
    handle.store = createGenerationStore({
      redis: handle.redis,
      clock: systemClock,
      keys: appWideKeys(uniqueNamespace('store')),
      retention: pipelineConfig().retention,
    });
  });
  afterAll(() => closeRedis(handle.redis));
  return handle;
}

/** `count` new photo generations of `shop`, stored and put in the scheduler's line, in order. */
export async function queueInLine(
  store: GenerationStore,
  scheduler: FairScheduler,
  line: { shop: string; priority: Priority; count: number },
): Promise<string[]> {
  const { shop, priority, count } = line;
  const ids: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const { id } = await store.create(photoRequest(shop, { priority }));
    await scheduler.push({ shop, generationId: id, priority });
    ids.push(id);
  }
  return ids;
}
