/**
 * Access logs hold no credentials: ProductAI's webhook URL carries the shop's webhook token in
 * its path, and every delivery writes an access log line.
 */
import { Writable } from 'node:stream';
import { expect, it } from 'vitest';
import { pipelineConfig, productAiWebhookUrl } from '../../src/pipeline/index.ts';
import { createLogger } from '../../src/platform/logger.ts';
import { productAiWebhooksModule } from '../../web/server/routes/productai-webhooks.ts';
import { uniqueNamespace } from '../support/generations.ts';
import { startTestApp } from '../support/app.ts';

const lines: string[] = [];
const destination = new Writable({
  write(chunk: Buffer, _encoding, done) {
    lines.push(...chunk.toString().split('\n').filter(Boolean));
    done();
  },
});
const app = await startTestApp({
  modules: [productAiWebhooksModule],
  pipelineConfig: pipelineConfig({ namespace: uniqueNamespace() }),
  env: { PRODUCTAI_WEBHOOK_ALLOWED_IPS: '127.0.0.1' },
  overrides: { logger: createLogger({ level: 'info', destination }) },
});

it('logs a ProductAI webhook delivery without the shop’s webhook token', async () => {
  const shop = app.newShop();
  const { token } = (await app.deps.settings.get(shop)).webhook;
  const response = await fetch(productAiWebhookUrl(app.url, shop, token), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ test: true, message: 'validation' }),
  });
  expect(response.status).toBe(200);

  const access = lines
    .map((line) => JSON.parse(line) as { req?: { url?: string }; res?: { statusCode: number } })
    .find((line) => line.req?.url?.includes(encodeURIComponent(shop)) && line.res);
  expect(access?.req?.url).toBe(`/webhooks/productai/${encodeURIComponent(shop)}/[redacted]`);
  expect(lines.filter((line) => line.includes(token))).toEqual([]);
});
