/**
 * `npm run emulator:shopify -- --port P --api-key K --api-secret S [--app-url U]
 *  [--webhook-url U] [--app-toml shopify.app.toml] [--shop a.myshopify.com ...]
 *  [--media-processing-ms N] [--restore-rate N] [--graphql-latency-ms N] [--colour-products]`
 * Starts the Shopify Admin emulator, prints its URL, and stops cleanly on SIGINT/SIGTERM.
 * As Shopify does after `shopify app deploy`, it knows the app by its shopify.app.toml (the
 * app's own, or `--app-toml`): installs grant its scopes, its webhook subscriptions are
 * delivered to their `uri` (a path under `--app-url`; `--webhook-url` sends every topic to one
 * URL instead), and installed shops have its metaobject definitions.
 */
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { APP_TOML, readAppConfiguration, startShopifyEmulator, webhookRoutes } from './index.ts';

const { values } = parseArgs({
  options: {
    port: { type: 'string' },
    'api-key': { type: 'string' },
    'api-secret': { type: 'string' },
    'webhook-url': { type: 'string' },
    'app-url': { type: 'string' },
    'app-toml': { type: 'string' },
    shop: { type: 'string', multiple: true },
    'media-processing-ms': { type: 'string' },
    'graphql-latency-ms': { type: 'string' },
    'restore-rate': { type: 'string' },
    'bucket-size': { type: 'string' },
    'product-count': { type: 'string' },
    'colour-products': { type: 'boolean' },
  },
});

const number = (value: string | undefined): number | undefined =>
  value === undefined ? undefined : Number(value);

const apiKey = values['api-key'] ?? process.env['SHOPIFY_API_KEY'];
const apiSecret = values['api-secret'] ?? process.env['SHOPIFY_API_SECRET'];
if (!apiKey || !apiSecret) {
  console.error(
    'Usage: node emulators/shopify/cli.ts --port P --api-key K --api-secret S [--app-url U] [--webhook-url U] [--app-toml F]',
  );
  process.exit(2);
}

const appToml = values['app-toml'] ?? APP_TOML;
const appUrl = values['app-url'] ?? process.env['SHOPIFY_APP_URL'];
const declared = readAppConfiguration(appToml);
const routes = webhookRoutes(declared.subscriptions, appUrl);

const emulator = await startShopifyEmulator({
  apiKey,
  apiSecret,
  port: number(values.port),
  webhookUrl: values['webhook-url'],
  appUrl,
  appToml,
  shops: values.shop,
  mediaProcessingMs: number(values['media-processing-ms']),
  graphqlLatencyMs: number(values['graphql-latency-ms']),
  restoreRate: number(values['restore-rate']),
  bucketSize: number(values['bucket-size']),
  productCount: number(values['product-count']),
  colourProducts: values['colour-products'],
});
console.log(`Shopify emulator listening on ${emulator.url}`);
console.log(`App configuration: ${typeof appToml === 'string' ? appToml : fileURLToPath(appToml)}`);
console.log(`Scopes granted on install: ${declared.scopes.join(',')}`);
console.log(
  `Metaobject definitions: ${declared.metaobjectDefinitions.map(({ type }) => type).join(', ') || 'none'}`,
);
console.log(
  values['webhook-url']
    ? `Webhooks: every topic to ${values['webhook-url']}`
    : routes.size > 0
      ? `Webhooks: ${[...routes].map(([topic, url]) => `${topic} -> ${url}`).join(', ')}`
      : "Webhooks: none sent (--app-url for the subscriptions' paths, or --webhook-url)",
);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    void emulator.close().then(() => process.exit(0));
  });
}
