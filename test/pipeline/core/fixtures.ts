import { randomUUID } from 'node:crypto';
import type { NewGeneration } from '../../../src/pipeline/core/generation.ts';

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

/** A namespace no other test uses, for the app-wide keys (limiter, scheduler, queues). */
export function uniqueNamespace(label = 'test'): string {
  return `${label}-${randomUUID().slice(0, 8)}`;
}
