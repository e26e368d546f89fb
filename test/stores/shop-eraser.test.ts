import { describe, expect, it } from 'vitest';
import { createSessionStore } from '../../src/stores/sessions.ts';
import { createShopSettingsStore } from '../../src/stores/shop-settings.ts';
import { createShopEraser, ShopHooksFailedError } from '../../src/stores/shop-eraser.ts';
import { shopKeyspace } from '../../src/platform/keys.ts';
import { uniqueShop } from '../support/redis.ts';
import { storeDeps } from './support/store-deps.ts';

const deps = await storeDeps();
const sessions = createSessionStore(deps);
const settings = createShopSettingsStore(deps);
const generations = shopKeyspace('generation');

async function seedShop(shop: string): Promise<void> {
  await sessions.save({
    shop,
    accessToken: 'shpat',
    expiresAt: null,
    refreshToken: null,
    refreshTokenExpiresAt: null,
    scope: 'write_products',
  });
  await settings.saveApiKey(shop, 'pai_live_0123456789abcdef');
  await settings.update(shop, { reviewMode: true });
  // Another concern's data: the eraser must find it by prefix alone.
  for (let i = 0; i < 1_200; i++) await deps.redis.set(generations.key(shop, `g${i}`), '{}');
}

async function keysOf(shop: string): Promise<string[]> {
  return deps.redis.keys(`pai:{${shop}}:*`);
}

describe('shop eraser', () => {
  it('on uninstall runs the hooks, then deletes the session and the API key only', async () => {
    const shop = uniqueShop();
    const other = uniqueShop();
    await seedShop(shop);
    await seedShop(other);
    const eraser = createShopEraser({ ...deps, sessions, settings });
    const cancelled: string[] = [];
    eraser.onUninstall('pipeline', async (s) => {
      // Runs while the shop's tokens still exist.
      expect(await sessions.get(s)).not.toBeNull();
      cancelled.push(s);
    });
    await eraser.uninstall(shop);
    expect(cancelled).toEqual([shop]);
    expect(await sessions.get(shop)).toBeNull();
    expect(await settings.getApiKey(shop)).toBeNull();
    expect((await settings.get(shop)).reviewMode).toBe(true);
    expect(await sessions.get(other)).not.toBeNull();
    expect(await settings.getApiKey(other)).not.toBeNull();
  });

  it('erases every key under the shop’s prefix and nothing of another shop', async () => {
    const shop = uniqueShop();
    const other = uniqueShop();
    await seedShop(shop);
    await seedShop(other);
    const before = (await keysOf(other)).sort();
    const eraser = createShopEraser({ ...deps, sessions, settings });
    const erased: string[] = [];
    eraser.onErase('index', async (s) => void erased.push(s));
    const { keysDeleted } = await eraser.erase(shop);
    expect(keysDeleted).toBe(1_202);
    expect(await keysOf(shop)).toEqual([]);
    expect(erased).toEqual([shop]);
    expect((await keysOf(other)).sort()).toEqual(before);
  });

  it('erases even when a hook fails, then reports the failure', async () => {
    const shop = uniqueShop();
    await seedShop(shop);
    const eraser = createShopEraser({ ...deps, sessions, settings });
    eraser.onErase('broken', async () => {
      throw new Error('index unavailable');
    });
    await expect(eraser.erase(shop)).rejects.toThrow(ShopHooksFailedError);
    expect(await keysOf(shop)).toEqual([]);
  });

  it('refuses a second hook with the same name', () => {
    const eraser = createShopEraser({ ...deps, sessions, settings });
    eraser.onErase('x', async () => {});
    expect(() => eraser.onErase('x', async () => {})).toThrow('already registered');
  });
});
