/**
 * The standalone emulator (`npm run emulator:shopify`) knows the app by its shopify.app.toml,
 * as Shopify does after `shopify app deploy`: run as its own process on a copy of the app's file
 * with a scope, topics, URIs and a metaobject type changed, it grants those scopes on install,
 * delivers to those subscriptions only (each at its `uri`, under `--app-url`), and has that
 * definition on the shop.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  defaultSessionTokenClaims,
  signJwtHs256,
} from '../../../emulators/shopify/auth/session-token.ts';
import { APP_TOML, webhookRoutes, type ShopifyEmulator } from '../../../emulators/shopify/index.ts';
import {
  API_KEY,
  API_SECRET,
  SHOP,
  exchangeToken,
  graphql,
  startWebhookReceiver,
} from './support/emulator.ts';

const CLI = fileURLToPath(new URL('../../../emulators/shopify/cli.ts', import.meta.url));

/** The app's own file, each change asserted to be one (the file moved on: this test must too). */
function changedToml(): string {
  const changes: [string | RegExp, string][] = [
    [/^scopes = "[^"]*"/m, 'scopes = "write_products,read_orders"'],
    [
      'topics = ["app/uninstalled"]\n  uri = "/webhooks/shopify"',
      'topics = ["app/uninstalled"]\n  uri = "/hooks/uninstalled"',
    ],
    ['topics = ["products/create"]', 'topics = ["products/delete"]'],
    [
      'topics = ["products/update"]\n  uri = "/webhooks/shopify"',
      'topics = ["products/update"]\n  uri = "/hooks/products"',
    ],
    ['"shop/redact"]\n  uri = "/webhooks/shopify"', '"shop/redact"]\n  uri = "/hooks/compliance"'],
    [/\[metaobjects\.app\.ai_provenance/g, '[metaobjects.app.ai_origin'],
  ];
  return changes.reduce(
    (toml, [from, to]) => {
      const next = toml.replace(from, to);
      if (next === toml) throw new Error(`shopify.app.toml no longer has ${String(from)}`);
      return next;
    },
    readFileSync(APP_TOML, 'utf8'),
  );
}

/** The emulator's CLI as a child process, on `toml`; resolves once it says where it listens. */
async function startCli(toml: string, appUrl: string) {
  const child = spawn(
    process.execPath,
    [
      CLI,
      '--api-key',
      API_KEY,
      '--api-secret',
      API_SECRET,
      '--app-toml',
      toml,
      '--app-url',
      appUrl,
      '--product-count',
      '2',
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const exited = once(child, 'exit');
  const lines = createInterface({ input: child.stdout });
  const listening = new Promise<string>((resolve) =>
    lines.on('line', (line) => {
      const url = /listening on (\S+)/.exec(line)?.[1];
      if (url) resolve(url);
    }),
  );
  const url = await Promise.race([
    listening,
    exited.then(([code]) => Promise.reject(new Error(`the emulator exited (${String(code)})`))),
  ]);
  // What the helpers need of an emulator: its URL, and session tokens as App Bridge gets them.
  const emulator = {
    url,
    signSessionToken: (shop: string) =>
      signJwtHs256(defaultSessionTokenClaims(shop, API_KEY, Date.now()), API_SECRET),
  } as ShopifyEmulator;
  return {
    emulator,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

const control = async (emulatorUrl: string, method: string, path: string, body: unknown = {}) => {
  const response = await fetch(`${emulatorUrl}/__emulator${path}`, {
    method,
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await response.json()) as { deliveries?: { topic: string; url: string }[] };
};

const UPSERT = `mutation Upsert($handle: MetaobjectHandleInput!, $metaobject: MetaobjectUpsertInput!) {
  metaobjectUpsert(handle: $handle, metaobject: $metaobject) {
    metaobject { handle }
    userErrors { code }
  }
}`;

describe('the standalone emulator on a changed shopify.app.toml', () => {
  const dir = mkdtempSync(join(tmpdir(), 'app-toml-'));
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
  let cli: Awaited<ReturnType<typeof startCli>>;
  let token: string;
  let scope: string;

  beforeAll(async () => {
    const toml = join(dir, 'shopify.app.toml');
    writeFileSync(toml, changedToml());
    receiver = await startWebhookReceiver();
    cli = await startCli(toml, receiver.origin);
    ({ access_token: token, scope } = await exchangeToken(cli.emulator));
  });
  afterAll(async () => {
    await cli?.stop();
    await receiver?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('grants the scopes the file asks for', async () => {
    expect(scope).toBe('write_products,read_orders');
    const installation = await graphql<{
      currentAppInstallation: { accessScopes: { handle: string }[] };
    }>(cli.emulator, token, '{ currentAppInstallation { accessScopes { handle } } }');
    // A write scope implies its read scope, as Shopify lists them.
    expect(installation.data!.currentAppInstallation.accessScopes).toEqual([
      { handle: 'write_products' },
      { handle: 'read_products' },
      { handle: 'read_orders' },
    ]);
  });

  it('has the metaobject definition the file declares, and not the one it no longer does', async () => {
    const upsert = async (type: string) => {
      const result = await graphql<{ metaobjectUpsert: { userErrors: { code: string }[] } }>(
        cli.emulator,
        token,
        UPSERT,
        {
          handle: { type, handle: 'first' },
          metaobject: { fields: [{ key: 'tool', value: 'Photo' }] },
        },
      );
      return result.data!.metaobjectUpsert.userErrors;
    };
    expect(await upsert('$app:ai_origin')).toEqual([]);
    expect(await upsert('$app:ai_provenance')).toEqual([{ code: 'UNDEFINED_OBJECT_TYPE' }]);
  });

  it('delivers the subscribed topics at their URIs, and no other', async () => {
    const created = await control(cli.emulator.url, 'POST', `/shops/${SHOP}/products`, {
      title: 'Linen shirt',
      images: 1,
    });
    // products/create is no longer subscribed; products/update is, at its own path.
    expect(created.deliveries).toEqual([]);
    const product = (created as unknown as { product: { numericId: number } }).product;
    const updated = receiver.next('products/update');
    await control(cli.emulator.url, 'PATCH', `/shops/${SHOP}/products/${product.numericId}`, {
      title: 'Linen shirt, white',
    });
    expect((await updated).path).toBe('/hooks/products');

    const redact = receiver.next('shop/redact');
    await control(cli.emulator.url, 'POST', '/webhooks', { shop: SHOP, topic: 'shop/redact' });
    expect((await redact).path).toBe('/hooks/compliance');

    const uninstalled = receiver.next('app/uninstalled');
    await control(cli.emulator.url, 'POST', `/shops/${SHOP}/uninstall`);
    expect((await uninstalled).path).toBe('/hooks/uninstalled');
    expect(receiver.received.map(({ headers }) => headers['x-shopify-topic'])).not.toContain(
      'products/create',
    );
  });
});

describe('webhookRoutes', () => {
  const subscriptions = [
    { topic: 'app/uninstalled', uri: '/webhooks/shopify' },
    { topic: 'shop/redact', uri: 'https://privacy.example.com/redact' },
    { topic: 'products/create' },
  ];

  it('puts a relative uri under the app URL, keeps an absolute one, and skips a topic without', () => {
    expect(webhookRoutes(subscriptions, 'http://127.0.0.1:3000')).toEqual(
      new Map([
        ['app/uninstalled', 'http://127.0.0.1:3000/webhooks/shopify'],
        ['shop/redact', 'https://privacy.example.com/redact'],
      ]),
    );
  });

  it('knows only the absolute URIs without an app URL', () => {
    expect(webhookRoutes(subscriptions)).toEqual(
      new Map([['shop/redact', 'https://privacy.example.com/redact']]),
    );
  });

  it('leaves out a topic Shopify sends elsewhere than over HTTP (Pub/Sub, EventBridge)', () => {
    expect(
      webhookRoutes(
        [
          { topic: 'orders/create', uri: 'pubsub://project:topic' },
          { topic: 'orders/paid', uri: 'arn:aws:events:us-east-1::event-source/aws.partner/x' },
        ],
        'http://127.0.0.1:3000',
      ),
    ).toEqual(new Map());
  });
});
