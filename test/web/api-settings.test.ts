/**
 * The settings API: read, update (checked against the model catalogue), the ProductAI key
 * (checked with ProductAI's key-check before it is saved; only ever shown masked), and resuming
 * work paused for credits.
 */
import { describe, expect, it } from 'vitest';
import type { ApiErrorBody, GenerationView, SettingsView } from '../../src/app-api/contract.ts';
import { apiHarness } from './support/api-harness.ts';

const harness = apiHarness();

describe('GET /api/settings', () => {
  it('shows the defaults, the masked key and the shop’s own webhook URL', async () => {
    const shop = await harness.newShop();
    const { status, body } = await shop.api<SettingsView>('GET', '/settings');
    expect(status).toBe(200);
    expect(body.apiKey).toEqual({ masked: `••••••••${shop.apiKey.slice(-4)}`, state: 'valid' });
    expect(body.defaults).toEqual({
      model: 'nanobanana2',
      aspectRatio: 'SQUARE',
      resolution: '2K',
      outputFormat: 'png',
    });
    expect(body.webhook.url).toMatch(
      new RegExp(
        `^${harness.app.deps.config.shopify.appUrl}/webhooks/productai/${shop.shop}/[A-Za-z0-9_-]{20,}$`,
      ),
    );
    expect(body.webhook.connectedAt).not.toBeNull();
    expect(JSON.stringify(body)).not.toContain(shop.apiKey);
  });
});

describe('PATCH /api/settings', () => {
  it('saves defaults the chosen model accepts', async () => {
    const shop = await harness.newShop();
    const { status, body } = await shop.api<SettingsView>('PATCH', '/settings', {
      defaults: { model: 'nanobananapro', aspectRatio: '4:5', resolution: '4K' },
      reviewMode: true,
      mediaPosition: 'featured',
      altTemplate: '{productTitle} photo',
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      defaults: {
        model: 'nanobananapro',
        aspectRatio: '4:5',
        resolution: '4K',
        outputFormat: 'png',
      },
      reviewMode: true,
      mediaPosition: 'featured',
      altTemplate: '{productTitle} photo',
    });
  });

  it('refuses an aspect ratio the model does not take, field by field, and saves nothing', async () => {
    const shop = await harness.newShop();
    const { status, body } = await shop.api<ApiErrorBody>('PATCH', '/settings', {
      defaults: { model: 'kontext-pro', aspectRatio: '16:9' },
      reviewMode: true,
    });
    expect(status).toBe(400);
    expect(body.error).toBe('invalid_settings');
    expect(body.fields?.['defaults.aspectRatio']).toMatch(/kontext-pro/);
    expect((await shop.api<SettingsView>('GET', '/settings')).body.reviewMode).toBe(false);
  });

  it('refuses a malformed body', async () => {
    const shop = await harness.newShop();
    const { status, body } = await shop.api<ApiErrorBody>('PATCH', '/settings', {
      mediaPosition: 'middle',
    });
    expect(status).toBe(400);
    expect(body.fields).toHaveProperty('mediaPosition');
  });
});

describe('the ProductAI API key', () => {
  it('is checked with ProductAI, then saved and shown masked', async () => {
    const shop = await harness.newShop();
    const fresh = `key-fresh-${Date.now()}`;
    await harness.productAiControl('POST', '/accounts', { key: fresh, credits: 10 });
    const { status, body } = await shop.api<SettingsView>('PUT', '/settings/api-key', {
      apiKey: fresh,
    });
    expect(status).toBe(200);
    expect(body.apiKey).toEqual({ masked: `••••••••${fresh.slice(-4)}`, state: 'valid' });
    expect(await harness.app.deps.settings.getApiKey(shop.shop)).toBe(fresh);
  });

  it('is refused when ProductAI does not know it, and the saved key stays', async () => {
    const shop = await harness.newShop();
    const { status, body } = await shop.api<ApiErrorBody>('PUT', '/settings/api-key', {
      apiKey: 'not-a-key',
    });
    expect(status).toBe(400);
    expect(body.error).toBe('invalid_api_key');
    expect(body.fields?.apiKey).toBeDefined();
    expect(await harness.app.deps.settings.getApiKey(shop.shop)).toBe(shop.apiKey);
  });

  it('refuses an empty key', async () => {
    const shop = await harness.newShop();
    const { status } = await shop.api('PUT', '/settings/api-key', { apiKey: '   ' });
    expect(status).toBe(400);
  });

  it('can be removed', async () => {
    const shop = await harness.newShop();
    const { status, body } = await shop.api<SettingsView>('DELETE', '/settings/api-key');
    expect(status).toBe(200);
    expect(body.apiKey).toEqual({ masked: null, state: 'missing' });
  });
});

describe('POST /api/shop/resume', () => {
  it('puts work paused for credits back in line', async () => {
    const shop = await harness.newShop();
    await harness.pipeline.internals.shopPause.pause(shop.shop, 'out_of_credits');
    const { body: product } = await shop.api<{ id: string; images: { id: string }[] }>(
      'GET',
      `/products/${encodeURIComponent((await firstProductId(shop.shop))!)}`,
    );
    const created = await shop.api<GenerationView>('POST', '/generations', {
      productId: product.id,
      kind: 'photo',
      model: 'nanobanana',
      prompt: 'Resume me',
      sourceMediaIds: [product.images[0]!.id],
    });
    expect(created.body.state).toBe('paused');
    expect((await shop.api<SettingsView>('GET', '/settings')).body.paused?.reason).toMatch(
      /credits/,
    );

    const { status, body } = await shop.api<SettingsView>('POST', '/shop/resume');

    expect(status).toBe(200);
    expect(body.paused).toBeNull();
    expect((await shop.waitFor(created.body.id, ['published'])).state).toBe('published');
  });
});

async function firstProductId(shop: string): Promise<string | undefined> {
  const { products } = (await harness.app.shopifyControl('GET', `/shops/${shop}/products`)) as {
    products: { id: string }[];
  };
  return products[0]?.id;
}
