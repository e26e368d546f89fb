/**
 * Runs once before all test files: one private Redis for the suite (or the one in REDIS_URL).
 * Tests isolate themselves by shop domain and queue prefix, never by flushing; tests that
 * restart Redis start their own with `startPrivateRedis()`.
 */
import type { TestProject } from 'vitest/node';
import { startPrivateRedis } from '../../dev/redis-server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    redisUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (process.env.REDIS_URL) {
    project.provide('redisUrl', process.env.REDIS_URL);
    return async () => {};
  }
  const redis = await startPrivateRedis();
  project.provide('redisUrl', redis.url);
  return () => redis.stop();
}
