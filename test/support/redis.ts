import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';

/** The suite's Redis (see global-setup.ts). */
export function testRedisUrl(): string {
  return inject('redisUrl');
}

/** A shop domain no other test uses, so that every key a test writes is its own. */
export function uniqueShop(label = 'test'): string {
  return `${label}-${randomUUID().slice(0, 8)}.myshopify.com`;
}

/** A namespace no other test uses, for the app-wide keys (limiter, scheduler, queues). */
export function uniqueNamespace(label = 'test'): string {
  return `${label}-${randomUUID().slice(0, 8)}`;
}
