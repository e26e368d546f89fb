import { describe, expect, it } from 'vitest';
import { ZodError } from 'zod';
import { createOffsetClock } from '../../src/platform/clock.ts';
import {
  createShopSettingsStore,
  DEFAULT_ALT_TEMPLATE,
  DEFAULT_GENERATION,
  DEFAULT_PRESETS,
  maskApiKey,
} from '../../src/stores/shop-settings.ts';
import { uniqueShop } from '../support/redis.ts';
import { storeDeps } from './support/store-deps.ts';

const deps = await storeDeps();
const settings = createShopSettingsStore(deps);
const API_KEY = 'pai_live_0123456789abcdef';
const OLD_KEY = 'pai_live_old_key_0000';

describe('shop settings', () => {
  it('start from the defaults', async () => {
    const current = await settings.get(uniqueShop());
    expect(current).toMatchObject({
      apiKey: { masked: null, state: 'missing' },
      defaults: DEFAULT_GENERATION,
      reviewMode: false,
      mediaPosition: 'append',
      fidelityGuard: 'changed',
      fidelityRetries: 1,
      altTemplate: DEFAULT_ALT_TEMPLATE,
      presets: DEFAULT_PRESETS,
      paused: null,
    });
    expect(DEFAULT_PRESETS.length).toBeGreaterThanOrEqual(5);
  });

  it('apply partial updates without touching other settings', async () => {
    const shop = uniqueShop();
    await settings.update(shop, { defaults: { model: 'nanobananapro' }, reviewMode: true });
    const updated = await settings.update(shop, {
      defaults: { resolution: '4K' },
      mediaPosition: 'featured',
      fidelityGuard: 'check_it',
      fidelityRetries: 3,
      presets: [{ id: 'p1', name: 'Beach', prompt: 'On a sunny beach' }],
    });
    expect(updated).toMatchObject({
      defaults: { ...DEFAULT_GENERATION, model: 'nanobananapro', resolution: '4K' },
      reviewMode: true,
      mediaPosition: 'featured',
      fidelityGuard: 'check_it',
      fidelityRetries: 3,
      presets: [{ id: 'p1', name: 'Beach', prompt: 'On a sunny beach' }],
    });
    expect((await settings.update(shop, { fidelityRetries: 0 })).fidelityRetries).toBe(0);
  });

  it('refuse invalid updates and change nothing', async () => {
    const shop = uniqueShop();
    await expect(
      settings.update(shop, { mediaPosition: 'sideways' } as never),
    ).rejects.toBeInstanceOf(ZodError);
    expect((await settings.get(shop)).mediaPosition).toBe('append');
    for (const fidelityRetries of [4, -1, 1.5, '2']) {
      await expect(settings.update(shop, { fidelityRetries } as never)).rejects.toBeInstanceOf(
        ZodError,
      );
    }
    expect((await settings.get(shop)).fidelityRetries).toBe(1);
  });

  it('keep the API key sealed and only ever show it masked', async () => {
    const shop = uniqueShop();
    const view = await settings.saveApiKey(shop, API_KEY);
    expect(view.apiKey).toEqual({ masked: '••••••••cdef', state: 'valid' });
    expect(JSON.stringify(view)).not.toContain(API_KEY);
    const raw = JSON.stringify(await deps.redis.hgetall(`pai:{${shop}}:settings:main`));
    expect(raw).not.toContain(API_KEY);
    expect(await settings.getApiKey(shop)).toBe(API_KEY);
  });

  it('mask short keys without revealing characters', () => {
    expect(maskApiKey('short')).toBe('••••••••');
  });

  it('remove the API key, and the keys it replaced', async () => {
    const shop = uniqueShop();
    await settings.saveApiKey(shop, OLD_KEY);
    await settings.saveApiKey(shop, API_KEY);
    await settings.removeApiKey(shop);
    expect(await settings.getApiKey(shop)).toBeNull();
    expect(await settings.getApiKeys(shop)).toEqual([]);
    expect((await settings.get(shop)).apiKey).toEqual({ masked: null, state: 'missing' });
  });

  it('keep a replaced key, sealed, for jobs sent with it, and only for the time given', async () => {
    const clock = createOffsetClock();
    const keeping = createShopSettingsStore({ ...deps, clock, keepReplacedKeysMs: 60_000 });
    const shop = uniqueShop();
    await keeping.saveApiKey(shop, OLD_KEY);
    await keeping.saveApiKey(shop, API_KEY);
    expect(await keeping.getApiKey(shop)).toBe(API_KEY);
    expect(await keeping.getApiKeys(shop)).toEqual([API_KEY, OLD_KEY]);
    const kept = `pai:{${shop}}:settings:replaced-api-keys`;
    expect(JSON.stringify(await deps.redis.hgetall(kept))).not.toContain(OLD_KEY);
    expect(await deps.redis.pttl(kept)).toBeGreaterThan(50_000);
    expect(await deps.redis.pttl(kept)).toBeLessThanOrEqual(60_000);

    clock.advance(60_001);
    expect(await keeping.getApiKeys(shop)).toEqual([API_KEY]);
  });

  it('make a replaced key saved again the current one, kept once', async () => {
    const shop = uniqueShop();
    await settings.saveApiKey(shop, OLD_KEY);
    await settings.saveApiKey(shop, API_KEY);
    await settings.saveApiKey(shop, OLD_KEY);
    await settings.saveApiKey(shop, OLD_KEY);
    expect(await settings.getApiKeys(shop)).toEqual([OLD_KEY, API_KEY]);
  });

  it('mark the key invalid only while it is still the key that failed', async () => {
    const shop = uniqueShop();
    await settings.saveApiKey(shop, OLD_KEY);
    await settings.saveApiKey(shop, API_KEY);
    expect(await settings.markApiKeyInvalid(shop, OLD_KEY)).toBe(false);
    expect((await settings.get(shop)).apiKey.state).toBe('valid');
    expect(await settings.markApiKeyInvalid(shop, API_KEY)).toBe(true);
    expect((await settings.get(shop)).apiKey.state).toBe('invalid');
  });

  it('give each shop one stable, unguessable webhook token', async () => {
    const shop = uniqueShop();
    const [first, second] = await Promise.all([settings.get(shop), settings.get(shop)]);
    expect(first.webhook.token).toMatch(/^[\w-]{32}$/);
    expect(second.webhook.token).toBe(first.webhook.token);
    expect((await settings.get(uniqueShop())).webhook.token).not.toBe(first.webhook.token);
    expect(await settings.verifyWebhookToken(shop, first.webhook.token)).toBe(true);
    expect(await settings.verifyWebhookToken(shop, `${first.webhook.token}x`)).toBe(false);
    expect(await settings.verifyWebhookToken(uniqueShop(), first.webhook.token)).toBe(false);
  });

  it('record when the webhook was connected', async () => {
    const shop = uniqueShop();
    await settings.markWebhookConnected(shop, new Date('2026-01-02T03:04:05Z'));
    expect((await settings.get(shop)).webhook.connectedAt).toBe('2026-01-02T03:04:05.000Z');
  });

  it('pause and resume the shop’s work with a reason', async () => {
    const shop = uniqueShop();
    await settings.pause(shop, 'Out of ProductAI credits', new Date('2026-01-02T00:00:00Z'));
    expect((await settings.get(shop)).paused).toEqual({
      reason: 'Out of ProductAI credits',
      since: '2026-01-02T00:00:00.000Z',
    });
    await settings.resume(shop);
    expect((await settings.get(shop)).paused).toBeNull();
  });
});
