import { describe, expect, it } from 'vitest';
import { createSessionStore, type OfflineSession } from '../../src/stores/sessions.ts';
import { uniqueShop } from '../support/redis.ts';
import { storeDeps } from './support/store-deps.ts';

const deps = await storeDeps();
const sessions = createSessionStore(deps);

function pair(shop: string, n: number): OfflineSession {
  return {
    shop,
    accessToken: `shpat_${n}`,
    expiresAt: 1_000 * n,
    refreshToken: `shprt_${n}`,
    refreshTokenExpiresAt: 2_000 * n,
    scope: 'write_products,write_files',
  };
}

describe('session store', () => {
  it('stores and reads back the token pair', async () => {
    const shop = uniqueShop();
    expect(await sessions.get(shop)).toBeNull();
    await sessions.save(pair(shop, 1));
    expect(await sessions.get(shop)).toEqual(pair(shop, 1));
  });

  it('keeps the tokens sealed at rest', async () => {
    const shop = uniqueShop();
    await sessions.save(pair(shop, 1));
    const raw = JSON.stringify(await deps.redis.hgetall(`pai:{${shop}}:session:offline`));
    expect(raw).not.toContain('shpat_1');
    expect(raw).not.toContain('shprt_1');
  });

  it('replaces the whole pair at once', async () => {
    const shop = uniqueShop();
    await sessions.save(pair(shop, 1));
    await sessions.save({ ...pair(shop, 2), refreshToken: null, refreshTokenExpiresAt: null });
    expect(await sessions.get(shop)).toEqual({
      ...pair(shop, 2),
      refreshToken: null,
      refreshTokenExpiresAt: null,
    });
  });

  it('updates the scope of an existing session only', async () => {
    const shop = uniqueShop();
    expect(await sessions.updateScope(shop, 'read_products')).toBe(false);
    expect(await sessions.get(shop)).toBeNull();
    await sessions.save(pair(shop, 1));
    expect(await sessions.updateScope(shop, 'read_products')).toBe(true);
    expect(await sessions.get(shop)).toEqual({ ...pair(shop, 1), scope: 'read_products' });
  });

  it('deletes a shop’s session and no other', async () => {
    const shop = uniqueShop();
    const other = uniqueShop();
    await sessions.save(pair(shop, 1));
    await sessions.save(pair(other, 1));
    expect(await sessions.delete(shop)).toBe(true);
    expect(await sessions.get(shop)).toBeNull();
    expect(await sessions.get(other)).toEqual(pair(other, 1));
  });
});
