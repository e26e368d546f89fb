/**
 * Logs without credentials: the app behind compose's load balancer (deploy/nginx.conf in a real
 * nginx), sent what carries a credential in its URL or headers (a ProductAI webhook delivery
 * with the shop's token, the app home opened as Shopify opens it, with `id_token`, `hmac`,
 * `session` and `host`, and the app home's own API call with that URL as its Referer and a
 * session token), then every line of the app's log (at trace level), nginx's access log and its
 * error log is scanned for each value handed out: zero hits.
 */
import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { beforeAll, expect, it } from 'vitest';
import { createLogger } from '../../src/platform/logger.ts';
import { pipelineConfig } from '../../src/pipeline/index.ts';
import { startTestApp } from '../support/app.ts';
import { uniqueNamespace } from '../support/generations.ts';
import { startNginx, type RunningNginx } from './support/nginx.ts';
import { until } from '../support/until.ts';

const appLog: string[] = [];
const destination = new Writable({
  write(chunk: Buffer, _encoding, done) {
    appLog.push(...chunk.toString().split('\n').filter(Boolean));
    done();
  },
});
const app = await startTestApp({
  pipelineConfig: pipelineConfig({ namespace: uniqueNamespace() }),
  // As compose runs it: one proxy in front, whose address is ProductAI's allow-listed one here.
  env: { PRODUCTAI_WEBHOOK_ALLOWED_IPS: '127.0.0.1', TRUST_PROXY: '1' },
  overrides: { logger: createLogger({ level: 'trace', destination }) },
});
let nginx: RunningNginx;
beforeAll(async () => {
  nginx = await startNginx(`127.0.0.1:${app.server.port}`);
});

const random = () => randomBytes(18).toString('base64url');

/** The app home's URL as Shopify's admin opens it, with these credentials. */
function appHomeQuery(
  shop: string,
  secrets: { idToken: string; hmac: string; session: string; host: string },
) {
  return new URLSearchParams({
    embedded: '1',
    hmac: secrets.hmac,
    host: secrets.host,
    id_token: secrets.idToken,
    locale: 'en',
    session: secrets.session,
    shop,
    timestamp: String(Math.floor(Date.now() / 1000)),
  }).toString();
}

it('logs every request through nginx and the app without a credential it carried', async () => {
  const shop = app.newShop();
  const { token: webhookToken } = (await app.deps.settings.get(shop)).webhook;
  const secrets = {
    idToken: app.sessionToken(shop),
    hmac: randomBytes(32).toString('hex'),
    session: randomBytes(32).toString('hex'),
    host: Buffer.from(`admin.shopify.com/store/${random()}`).toString('base64url'),
  };
  const bearer = app.sessionToken(shop);
  const repeated = { idToken: random(), hmac: random(), session: random(), host: random() };
  const handedOut = [webhookToken, bearer, ...Object.values(secrets), ...Object.values(repeated)];

  const webhookPath = `/webhooks/productai/${shop}/${webhookToken}`;
  const validation = JSON.stringify({ test: true, message: 'validation' });
  const answers = [
    // ProductAI validating the shop's webhook URL, and the same URL as another client spells it.
    await fetch(`${nginx.url}${webhookPath}`, { method: 'POST', body: validation }),
    await fetch(
      `${nginx.url}${webhookPath.replace('/webhooks/productai/', '/WebHooks/ProductAI/')}`,
      {
        method: 'POST',
        body: validation,
      },
    ),
    // A body over nginx's limit (10 MB): refused by nginx, whose error log would print the
    // request line.
    await fetch(`${nginx.url}${webhookPath}`, {
      method: 'POST',
      body: 'x'.repeat(11 * 1024 * 1024),
    }),
    // The app home as Shopify opens it.
    await fetch(`${nginx.url}/?${appHomeQuery(shop, secrets)}`, {
      headers: { accept: 'text/html' },
    }),
    // Its first API call: a session token, and the app home's URL as the Referer.
    await fetch(`${nginx.url}/api/session`, {
      headers: {
        authorization: `Bearer ${bearer}`,
        referer: `https://app.example.com/?${appHomeQuery(shop, secrets)}`,
      },
    }),
    // The same parameters again, repeated, upper-case and with an encoded name.
    await fetch(
      `${nginx.url}/?${appHomeQuery(shop, secrets)}&ID_TOKEN=${repeated.idToken}&id%5Ftoken=${repeated.idToken}` +
        `&Hmac=${repeated.hmac}&session=${repeated.session}&host=${repeated.host}`,
      { headers: { accept: 'text/html' } },
    ),
  ];
  expect(answers.map((answer) => answer.status)).toEqual([200, 200, 413, 200, 200, 200]);

  // nginx writes its line once the answer is sent, the app once it is finished: wait for them.
  await until(
    "every request in nginx's access log",
    async () => (await nginx.accessLog()).length >= answers.length + 1,
  ); // + /livez
  await until(
    "the app's access log",
    async () => appLog.filter((line) => line.includes('"res":')).length >= 5,
  );

  const access = await nginx.accessLog();
  const logs = { app: appLog, 'nginx access': access, 'nginx error': await nginx.errorLog() };
  const hits = Object.entries(logs).flatMap(([log, lines]) =>
    lines.flatMap((line) =>
      handedOut
        .filter((secret) => line.includes(secret))
        .map((secret) => `${log}: ${secret} in ${line}`),
    ),
  );
  expect(hits).toEqual([]);

  // What the lines say instead.
  expect(
    access.filter((line) => line.includes(`/webhooks/productai/${shop}/[redacted]`)),
  ).toHaveLength(2);
  expect(access.filter((line) => line.includes('GET /?[redacted]'))).toHaveLength(2);
  expect(
    access.filter((line) => line.includes('"https://app.example.com/?[redacted]"')),
  ).toHaveLength(1);
  const appUrls = appLog.map((line) => (JSON.parse(line) as { req?: { url?: string } }).req?.url);
  expect(appUrls).toContain(`/webhooks/productai/${shop}/[redacted]`);
  expect(appUrls.some((url) => url?.includes('id_token=[redacted]&locale=en'))).toBe(true);
});
