/**
 * ProductAI's webhook intake (src/pipeline/receive/webhook-receiver.ts), called as its route
 * calls it: each refusal is an AppError of its kind, which the web's one error handler turns into
 * its status (403, 404, 400 over HTTP: test/pipeline/stages/submit-and-receive.test.ts), and an
 * accepted delivery resolves with the answer's body.
 */
import { describe, expect, it } from 'vitest';
import { pipelineConfig } from '../../../src/pipeline/index.ts';
import { startTestApp } from '../../support/app.ts';
import { uniqueNamespace } from '../../support/generations.ts';

const PRODUCTAI_ADDRESS = '54.88.136.216';

const app = await startTestApp({
  pipelineConfig: pipelineConfig({ namespace: uniqueNamespace() }),
  env: { PRODUCTAI_WEBHOOK_ALLOWED_IPS: PRODUCTAI_ADDRESS },
});
const intake = { receive: app.deps.pipeline.receiveWebhook };

async function shopWithToken(): Promise<{ shop: string; token: string }> {
  const shop = app.newShop();
  return { shop, token: (await app.deps.settings.get(shop)).webhook.token };
}

const validation = { test: true, message: 'validation' };

describe("ProductAI's webhook intake", () => {
  it('refuses a sender outside ProductAI’s addresses as forbidden, recording nothing', async () => {
    const { shop, token } = await shopWithToken();
    await expect(
      intake.receive({ shop, token, sourceIp: '127.0.0.1', body: validation }),
    ).rejects.toMatchObject({ kind: 'forbidden' });
    expect((await app.deps.settings.get(shop)).webhook.connectedAt).toBeNull();
  });

  it('refuses a URL whose token is not the shop’s as not found', async () => {
    const { shop } = await shopWithToken();
    await expect(
      intake.receive({
        shop,
        token: 'not-the-token',
        sourceIp: PRODUCTAI_ADDRESS,
        body: validation,
      }),
    ).rejects.toMatchObject({ kind: 'not_found' });
  });

  it('refuses a body that is neither a result nor the validation POST as invalid, saying why', async () => {
    const { shop, token } = await shopWithToken();
    await expect(
      intake.receive({ shop, token, sourceIp: PRODUCTAI_ADDRESS, body: { status: 'done' } }),
    ).rejects.toMatchObject({ kind: 'invalid', message: expect.stringMatching(/status/) });
  });

  it('records the validation POST and resolves with the answer’s body', async () => {
    const { shop, token } = await shopWithToken();
    expect(
      await intake.receive({ shop, token, sourceIp: PRODUCTAI_ADDRESS, body: validation }),
    ).toEqual({ ok: true, connected: true });
    expect((await app.deps.settings.get(shop)).webhook.connectedAt).not.toBeNull();
  });
});
