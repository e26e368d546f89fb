/**
 * The Shopify Admin API emulator: a real HTTP server the app's tests and demo talk to instead
 * of Shopify. See README.md in this folder for what it serves and how to drive it.
 */
import { createServer } from 'node:http';
import { systemClock, type Clock } from '../../src/platform/clock.ts';
import { ADMIN_API_VERSION } from '../../src/shopify/api-version.ts';
import { listenOnLoopback } from '../shared/listen.ts';
import { loadAdminSchema } from './admin-schema.ts';
import {
  defaultSessionTokenClaims,
  signJwtHs256,
  type SessionTokenClaims,
} from './auth/session-token.ts';
import { TokenRegistry } from './auth/token-registry.ts';
import { Faults } from './control/faults.ts';
import type { CdnMetadata } from './cdn/metadata.ts';
import type { EmulatorContext, ResolvedOptions } from './emulator-context.ts';
import { ThrottleBuckets } from './graphql/leaky-bucket.ts';
import { MediaProcessor } from './media/processor.ts';
import { createApp } from './server.ts';
import { DEMO_LOCALES, installShop } from './shop-installation.ts';
import { AssetStore } from './store/assets.ts';
import { EmulatorStore } from './store/emulator-store.ts';
import { StagedUploads } from './uploads/staged-uploads.ts';
import { WebhookSender } from './webhooks/sender.ts';
import { ProductEvents } from './webhooks/product-events.ts';
import type { WebhookSubscription } from './webhooks/app-subscriptions.ts';
import type { FlowTriggerSchema } from './resolvers/flow-trigger-schemas.ts';
import type { AppMetaobjectDefinition } from './resolvers/app-metaobjects.ts';
import { readAppConfiguration } from './app-config.ts';
import { webhookRoutes } from './webhooks/app-subscriptions.ts';

export type { SessionTokenClaims } from './auth/session-token.ts';
export {
  appSubscriptions,
  webhookRoutes,
  type WebhookSubscription,
} from './webhooks/app-subscriptions.ts';
export {
  appConfiguration,
  appScopes,
  APP_TOML,
  readAppConfiguration,
  type AppConfiguration,
} from './app-config.ts';
export {
  appMetaobjectDefinitions,
  type AppMetaobjectDefinition,
} from './resolvers/app-metaobjects.ts';
export {
  appFlowTriggers,
  flowTriggerSchema,
  type FlowTriggerSchema,
} from './resolvers/flow-trigger-schemas.ts';

export interface ShopifyEmulatorOptions {
  /** Default: a free port. The emulator listens on 127.0.0.1. */
  port?: number;
  /** The app's client id (session token `aud`). */
  apiKey: string;
  /** The app's client secret (HS256 session tokens, webhook HMAC). */
  apiSecret: string;
  /**
   * Where every webhook is POSTed, whatever the subscriptions' `uri` (the app's
   * /webhooks/shopify); or setWebhookUrl() later. Without: each subscribed topic goes to its
   * subscription's `uri` (under `appUrl` when relative), and a topic not subscribed nowhere.
   */
  webhookUrl?: string;
  /**
   * The app's shopify.app.toml (a path or file URL): its scopes, webhook subscriptions and
   * metaobject definitions (app-config.ts), each unless given below. The standalone emulator
   * passes the app's own (APP_TOML).
   */
  appToml?: string | URL;
  /**
   * The app's URL, standing in for the toml's `application_url` (a placeholder until a deploy
   * writes it): a subscription's relative `uri` is a path under it.
   */
  appUrl?: string;
  /**
   * Subscription filters by topic (shopify.app.toml `filter`), honoured for the product events
   * the control surface makes (webhooks/product-events.ts).
   */
  webhookFilters?: Record<string, string>;
  /**
   * The app's subscriptions (`appSubscriptions(<its shopify.app.toml>)`): product events are
   * then sent for these topics only, with their filters. Without: every product topic is sent.
   */
  subscriptions?: WebhookSubscription[];
  /**
   * The app's Flow trigger extensions (`appFlowTriggers(<its extensions folder>)`):
   * `flowTriggerReceive` then refuses an unknown handle, or a payload whose fields are not the
   * trigger's, as Flow does. Without: any payload is accepted.
   */
  flowTriggers?: FlowTriggerSchema[];
  /**
   * The metaobject definitions the app declares (`appMetaobjectDefinitions(<its
   * shopify.app.toml>)`): every shop the app is installed on has them, as Shopify keeps a
   * deployed app's. Without: none, and `metaobjectUpsert` refuses every type.
   */
  metaobjectDefinitions?: AppMetaobjectDefinition[];
  /** Seeded, installed shops; default ['demo-store.myshopify.com']. */
  shops?: string[];
  /** Cost points restored per second; default 100 (standard plans). */
  restoreRate?: number;
  /** Bucket size (maximumAvailable); default 2000. */
  bucketSize?: number;
  /** Time for media UPLOADED → PROCESSING → READY; default 1500 ms. */
  mediaProcessingMs?: number;
  /** How long each Admin GraphQL answer takes (Shopify's time plus the network); default 0. */
  graphqlLatencyMs?: number;
  /** Lifetime of expiring offline access tokens; default 3600 s. */
  accessTokenTtlSeconds?: number;
  /** Lifetime of refresh tokens; default 90 days. */
  refreshTokenTtlSeconds?: number;
  /** Seeded products per shop; default 80 (one collection holds at least 60). */
  productCount?: number;
  /**
   * Also seed three products sold in several colours, each colour's variants with their own
   * image (seed/colour-products.ts), in a collection "Colourways"; default false.
   */
  colourProducts?: boolean;
  /**
   * What the CDN does with the metadata of files served as uploaded: `keep` them (default) or
   * `strip` them, encoding the image again (cdn/metadata.ts); `POST /__emulator/cdn` changes it.
   */
  cdnMetadata?: CdnMetadata;
  /**
   * Scopes granted on install; default those of `appToml`, else of the app's own
   * shopify.app.toml (DEFAULT_SCOPES).
   */
  scopes?: string[];
  /** Time source; tests pass createManualClock() to move time without waiting. */
  clock?: Clock;
}

export interface ShopifyEmulator {
  url: string;
  port: number;
  setWebhookUrl(url: string): void;
  /** A session token as App Bridge gets it for this shop (real HS256 JWT). */
  signSessionToken(shop: string, overrides?: Partial<SessionTokenClaims>): string;
  /** Installs the app on a shop (seeding it when new); tests use their own shops. */
  installShop(shop: string): void;
  close(): Promise<void>;
}

export const DEFAULT_SHOP = 'demo-store.myshopify.com';
/** What a managed installation grants the app: its own shopify.app.toml's `scopes`. */
export const DEFAULT_SCOPES = readAppConfiguration().scopes;

/** The options given, with what `appToml` declares wherever an option was left out. */
function withAppToml(options: ShopifyEmulatorOptions): ShopifyEmulatorOptions {
  if (!options.appToml) return options;
  const declared = readAppConfiguration(options.appToml);
  return {
    ...options,
    scopes: options.scopes ?? declared.scopes,
    subscriptions: options.subscriptions ?? declared.subscriptions,
    metaobjectDefinitions: options.metaobjectDefinitions ?? declared.metaobjectDefinitions,
  };
}

function resolveOptions(options: ShopifyEmulatorOptions): ResolvedOptions {
  return {
    apiKey: options.apiKey,
    apiSecret: options.apiSecret,
    restoreRate: options.restoreRate ?? 100,
    bucketSize: options.bucketSize ?? 2000,
    mediaProcessingMs: options.mediaProcessingMs ?? 1500,
    graphqlLatencyMs: options.graphqlLatencyMs ?? 0,
    accessTokenTtlSeconds: options.accessTokenTtlSeconds ?? 3600,
    refreshTokenTtlSeconds: options.refreshTokenTtlSeconds ?? 90 * 24 * 3600,
    productCount: options.productCount ?? 80,
    colourProducts: options.colourProducts ?? false,
    scopes: options.scopes ?? DEFAULT_SCOPES,
    flowTriggers: options.flowTriggers
      ? new Map(options.flowTriggers.map((trigger) => [trigger.handle, trigger.fields]))
      : null,
    metaobjectDefinitions: options.metaobjectDefinitions ?? [],
  };
}

export async function startShopifyEmulator(
  given: ShopifyEmulatorOptions,
): Promise<ShopifyEmulator> {
  const options = withAppToml(given);
  if (!options.apiKey || !options.apiSecret) {
    throw new Error(
      'startShopifyEmulator needs apiKey and apiSecret (the app’s client id and secret)',
    );
  }
  const resolved = resolveOptions(options);
  const clock = options.clock ?? systemClock;
  const store = new EmulatorStore();
  const assets = new AssetStore();
  const faults = new Faults();
  let baseUrl = '';
  const webhooks = new WebhookSender({
    secret: resolved.apiSecret,
    apiVersion: ADMIN_API_VERSION,
    clock,
    ...(options.webhookUrl ? { url: options.webhookUrl } : {}),
  });
  const emu: EmulatorContext = {
    options: resolved,
    clock,
    schema: loadAdminSchema(ADMIN_API_VERSION),
    store,
    tokens: new TokenRegistry(clock, resolved, (shop) => store.shop(shop)?.scopes ?? []),
    assets,
    faults,
    cdn: { metadata: options.cdnMetadata ?? 'keep' },
    buckets: new ThrottleBuckets(clock, resolved.bucketSize, resolved.restoreRate),
    media: new MediaProcessor({
      clock,
      store,
      assets,
      faults,
      processingMs: resolved.mediaProcessingMs,
    }),
    staged: new StagedUploads(resolved.apiSecret),
    webhooks,
    productEvents: new ProductEvents({ store, webhooks, clock, baseUrl: () => baseUrl }),
    baseUrl: () => baseUrl,
  };
  for (const [topic, filter] of Object.entries(options.webhookFilters ?? {})) {
    emu.productEvents.filters.set(topic, filter);
  }
  if (options.subscriptions) {
    emu.productEvents.subscribe(options.subscriptions);
    webhooks.routes = webhookRoutes(options.subscriptions, options.appUrl);
  }
  for (const shop of options.shops ?? [DEFAULT_SHOP]) installShop(emu, shop, DEMO_LOCALES);

  const server = await listenOnLoopback(createServer(createApp(emu)), options.port);
  baseUrl = server.url;

  return {
    url: server.url,
    port: server.port,
    setWebhookUrl(url) {
      emu.webhooks.url = url;
    },
    signSessionToken(shop, overrides = {}) {
      return signJwtHs256(
        { ...defaultSessionTokenClaims(shop, resolved.apiKey, clock.now()), ...overrides },
        resolved.apiSecret,
      );
    },
    installShop(shop) {
      installShop(emu, shop);
    },
    async close() {
      await Promise.all([server.close(), emu.media.stop()]);
    },
  };
}
