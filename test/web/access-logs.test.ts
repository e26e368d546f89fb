/**
 * Access logs hold no credentials: ProductAI's webhook URL carries the shop's webhook token in
 * its path, and every delivery writes an access log line; Shopify opens the app home with a
 * session token, a signature and the admin session in its query, which the app home's own
 * requests send back as their Referer. (test/deploy/nginx-logs.test.ts: the same through nginx.)
 */
import { Writable } from 'node:stream';
import { expect, it } from 'vitest';
import { pipelineConfig, productAiWebhookUrl } from '../../src/pipeline/index.ts';
import { createLogger } from '../../src/platform/logger.ts';
import { productAiWebhooksModule } from '../../web/server/routes/productai-webhooks.ts';
import { sessionModule } from '../../web/server/routes/session.ts';
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
  modules: [productAiWebhooksModule, sessionModule],
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

it('logs the app home’s URL, and the Referer of its requests, without Shopify’s credentials', async () => {
  const shop = app.newShop();
  const secrets = ['id-token-value', 'hmac-value', 'session-value', 'host-value', 'again-value'];
  const query =
    `embedded=1&id_token=${secrets[0]}&hmac=${secrets[1]}&session=${secrets[2]}&host=${secrets[3]}` +
    `&locale=en&shop=${shop}&ID_TOKEN=${secrets[4]}&id%5Ftoken=${secrets[4]}&Session=${secrets[4]}`;
  const home = await fetch(`${app.url}/?${query}`, { headers: { accept: 'text/html' } });
  expect(home.status).toBe(200);
  const api = await fetch(`${app.url}/api/session`, {
    headers: {
      authorization: `Bearer ${app.sessionToken(shop)}`,
      referer: `https://app.example.com/?${query}`,
    },
  });
  expect(api.status).toBe(200);

  const logged = lines.map(
    (line) => JSON.parse(line) as { req?: { url?: string; headers?: { referer?: string } } },
  );
  const redacted =
    `embedded=1&id_token=[redacted]&hmac=[redacted]&session=[redacted]&host=[redacted]` +
    `&locale=en&shop=${shop}&ID_TOKEN=[redacted]&id%5Ftoken=[redacted]&Session=[redacted]`;
  expect(logged.map((line) => line.req?.url)).toContain(`/?${redacted}`);
  expect(logged.map((line) => line.req?.headers?.referer)).toContain(
    `https://app.example.com/?${redacted}`,
  );
  expect(lines.filter((line) => secrets.some((secret) => line.includes(secret)))).toEqual([]);
});
