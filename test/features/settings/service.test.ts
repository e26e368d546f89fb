/**
 * The settings service (src/features/settings/service.ts), called directly on the app the server runs:
 * what saving a ProductAI key means besides storing it. (The HTTP behaviour, the catalogue's
 * checks and the masked key: test/web/api-settings.test.ts.)
 */
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { startProductAiEmulator } from '../../../emulators/productai/index.ts';
import { startTestApp } from '../../support/app.ts';
import { productAiControlAt } from '../../support/productai-accounts.ts';

const productAi = await startProductAiEmulator({ jobMs: 150 });
afterAll(() => productAi.close());
const app = await startTestApp({
  env: { PRODUCTAI_BASE_URL: productAi.url },
  overrides: {
    pipeline: { productAi: { readRetry: { attempts: 2, baseDelayMs: 20, maxDelayMs: 50 } } },
  },
});
const settings = app.deps.features.settings;

const productAiControl = productAiControlAt(productAi.url);

/** A key with an account behind it, which ProductAI's key-check accepts. */
async function knownKey(): Promise<string> {
  const key = `key-${randomUUID()}`;
  await productAiControl('POST', '/accounts', { key, credits: 10 });
  return key;
}

describe('saving a ProductAI key', () => {
  it('ends a pause for the key: the work goes on with the new one', async () => {
    const shop = app.newShop();
    await app.deps.pipeline.internals.shopPause.pause(shop, 'invalid_key');

    const view = await settings.saveApiKey(shop, await knownKey());

    expect(view.apiKey.state).toBe('valid');
    expect(view.paused).toBeNull();
  });

  it('leaves a pause for credits until the merchant resumes (a key adds no credits)', async () => {
    const shop = app.newShop();
    await app.deps.pipeline.internals.shopPause.pause(shop, 'out_of_credits');

    const view = await settings.saveApiKey(shop, await knownKey());

    expect(view.paused?.reason).toMatch(/out of credits/);
    expect((await settings.resume(shop)).paused).toBeNull();
  });

  it('is refused as unavailable, with a retry time, when ProductAI cannot be asked', async () => {
    const shop = app.newShop();
    const saved = await knownKey();
    await settings.saveApiKey(shop, saved);
    await productAiControl('POST', '/faults', { serverErrorNext: 10 });
    try {
      await expect(settings.saveApiKey(shop, await knownKey())).rejects.toMatchObject({
        kind: 'unavailable',
        code: 'productai_unavailable',
        retryAfterSeconds: 30,
      });
    } finally {
      await productAiControl('DELETE', '/faults');
    }
    expect(await app.deps.settings.getApiKey(shop)).toBe(saved);
  });
});
