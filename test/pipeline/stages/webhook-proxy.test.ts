/**
 * The webhook receiver's source address behind a proxy: X-Forwarded-For is believed only when
 * a trusted proxy is configured (TRUST_PROXY); otherwise anyone could claim ProductAI's address.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { pipelineConfig, productAiWebhookUrl } from '../../../src/pipeline/index.ts';
import { productAiWebhooksModule } from '../../../web/server/routes/productai-webhooks.ts';
import { startTestApp, type TestApp } from '../../support/app.ts';
import { uniqueNamespace } from '../../support/generations.ts';

const PRODUCTAI_ADDRESS = '54.88.136.216';

async function appWith(env: Record<string, string>): Promise<TestApp> {
  return startTestApp({
    modules: [productAiWebhooksModule],
    pipelineConfig: pipelineConfig({ namespace: uniqueNamespace() }),
    env: { PRODUCTAI_WEBHOOK_ALLOWED_IPS: PRODUCTAI_ADDRESS, ...env },
  });
}

/** The validation POST as a proxy would forward it from ProductAI's address. */
async function forwardedValidation(app: TestApp): Promise<{ status: number; connected: boolean }> {
  const shop = app.newShop();
  const { token } = (await app.deps.settings.get(shop)).webhook;
  const response = await fetch(productAiWebhookUrl(app.url, shop, token), {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': PRODUCTAI_ADDRESS },
    body: JSON.stringify({ test: true, message: 'validation' }),
  });
  const connected = (await app.deps.settings.get(shop)).webhook.connectedAt !== null;
  return { status: response.status, connected };
}

let direct: TestApp;
let behindProxy: TestApp;
beforeAll(async () => {
  direct = await appWith({});
  behindProxy = await appWith({ TRUST_PROXY: 'loopback' });
});

describe('webhook source address', () => {
  it('ignores X-Forwarded-For when no proxy is trusted', async () => {
    expect(await forwardedValidation(direct)).toEqual({ status: 403, connected: false });
  });

  it('uses X-Forwarded-For from a proxy configured as trusted', async () => {
    expect(await forwardedValidation(behindProxy)).toEqual({ status: 200, connected: true });
  });
});
