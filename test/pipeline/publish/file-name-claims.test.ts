/**
 * Claims on result file names (publish/file-names.ts): unique per product and scene, found again
 * by the generation that made them, and kept only a month after a base's last claim, so what the
 * names keep in Redis stays flat as a shop's history grows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../../src/platform/clock.ts';
import { closeRedis, connectRedis, type Redis } from '../../../src/platform/redis/connection.ts';
import {
  CLAIMS_KEPT_MS,
  createFileNames,
  type FileNames,
} from '../../../src/pipeline/publish/file-names.ts';
import { testRedisUrl, uniqueShop } from '../../support/redis.ts';

let redis: Redis;
let names: FileNames;
beforeAll(async () => {
  redis = await connectRedis(testRedisUrl());
  names = createFileNames(redis, systemClock);
});
afterAll(async () => {
  await closeRedis(redis);
});

/** Every claim key of `shop` with its time to live. */
async function claimKeys(shop: string): Promise<Map<string, number>> {
  const keys = await redis.keys(`pai:{${shop}}:file-names:*`);
  return new Map(await Promise.all(keys.map(async (key) => [key, await redis.pttl(key)] as const)));
}

describe('file name claims', () => {
  it('give the next free name of a base, and a generation its own name again', async () => {
    const shop = uniqueShop();
    expect((await names.claim(shop, 'mug-marble', 'g1')).name).toBe('mug-marble');
    expect((await names.claim(shop, 'mug-marble', 'g2')).name).toBe('mug-marble-2');
    expect((await names.claim(shop, 'mug-marble', 'g1')).name).toBe('mug-marble');
  });

  it('skip a name a file outside the app holds', async () => {
    const shop = uniqueShop();
    await names.markTaken(shop, 'mug-marble', 'mug-marble');
    expect((await names.claim(shop, 'mug-marble', 'g1')).name).toBe('mug-marble-2');
  });

  it('are kept per base for a month after its last claim, then forgotten', async () => {
    const shop = uniqueShop();
    await names.claim(shop, 'mug-marble', 'g1');
    await names.claim(shop, 'boot-forest', 'g2');
    const keys = await claimKeys(shop);
    expect(keys.size).toBe(2);
    for (const ttl of keys.values()) {
      expect(ttl).toBeGreaterThan(CLAIMS_KEPT_MS - 60_000);
      expect(ttl).toBeLessThanOrEqual(CLAIMS_KEPT_MS);
    }
  });
});
