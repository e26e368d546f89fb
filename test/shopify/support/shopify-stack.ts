/**
 * The Shopify layer wired as the app wires it, against a Shopify emulator on a free port and
 * the suite's Redis. Every test uses its own shop (installed on the emulator on demand).
 */
import { randomBytes } from 'node:crypto';
import { afterAll } from 'vitest';
import {
  startShopifyEmulator,
  type ShopifyEmulator,
  type ShopifyEmulatorOptions,
} from '../../../emulators/shopify/index.ts';
import { createOffsetClock, type OffsetClock } from '../../../src/platform/clock.ts';
import { createLogger } from '../../../src/platform/logger.ts';
import { closeRedis, connectRedis, type Redis } from '../../../src/platform/redis/connection.ts';
import { createSecretBox } from '../../../src/platform/crypto.ts';
import { createAdminFetch, type FetchFn } from '../../../src/shopify/admin-fetch.ts';
import { createShopifyApi } from '../../../src/shopify/shopify-api.ts';
import { createOfflineTokens, type OfflineTokens } from '../../../src/shopify/offline-tokens.ts';
import {
  createAdminClientFactory,
  type AdminClientFactory,
} from '../../../src/shopify/admin-client.ts';
import { createSessionStore, type SessionStore } from '../../../src/stores/sessions.ts';
import { testRedisUrl, uniqueShop } from '../../support/redis.ts';
import { API_KEY, API_SECRET } from '../../support/app-identity.ts';
import { emulatorControlAt, type EmulatorControl } from '../../support/emulator-control.ts';

export interface ShopifyStack {
  emulator: ShopifyEmulator;
  redis: Redis;
  clock: OffsetClock;
  sessions: SessionStore;
  /** A second token manager on the same Redis: another process of the app. */
  makeTokens(): OfflineTokens;
  tokens: OfflineTokens;
  admin: AdminClientFactory;
  /** Every response the app received from the emulator's GraphQL endpoint, parsed. */
  graphqlResponses: { status: number; body: { errors?: { extensions?: { code?: string } }[] } }[];
  /** Calls to the token endpoint, by grant type. */
  tokenCalls: string[];
  /** A new shop with the app installed, and a fresh session token for it. */
  newShop(): { shop: string; sessionToken: () => string };
  shopifyControl: EmulatorControl;
}

export async function startShopifyStack(
  emulatorOptions: Partial<ShopifyEmulatorOptions> = {},
): Promise<ShopifyStack> {
  const emulator = await startShopifyEmulator({
    apiKey: API_KEY,
    apiSecret: API_SECRET,
    ...emulatorOptions,
  });
  const redis = await connectRedis(testRedisUrl());
  afterAll(async () => {
    await closeRedis(redis);
    await emulator.close();
  });

  const graphqlResponses: ShopifyStack['graphqlResponses'] = [];
  const tokenCalls: string[] = [];
  // Observes the traffic below the emulator routing, as a network tap would.
  const observingFetch: FetchFn = async (input, init) => {
    const url = input instanceof Request ? input.url : input.toString();
    if (url.endsWith('/admin/oauth/access_token'))
      tokenCalls.push(
        String((JSON.parse(String(init?.body)) as { grant_type: string }).grant_type),
      );
    const response = await fetch(input, init);
    if (url.includes('/graphql.json'))
      graphqlResponses.push({
        status: response.status,
        body: await response
          .clone()
          .json()
          .catch(() => ({})),
      });
    return response;
  };

  const clock = createOffsetClock();
  const logger = createLogger({ level: 'silent' });
  const shopifyFetch = createAdminFetch(emulator.url, observingFetch);
  const shopify = createShopifyApi({
    apiKey: API_KEY,
    apiSecret: API_SECRET,
    appUrl: 'https://app.example.com',
    scopes: ['write_products', 'write_files'],
    fetch: shopifyFetch,
    logger,
  });
  const sessions = createSessionStore({ redis, secrets: createSecretBox(randomBytes(32)) });
  const makeTokens = () => createOfflineTokens({ shopify, sessions, redis, clock, logger });
  const tokens = makeTokens();
  const admin = createAdminClientFactory({
    tokens,
    fetch: shopifyFetch,
    clock,
    logger,
    baseDelayMs: 20,
  });

  return {
    emulator,
    redis,
    clock,
    sessions,
    makeTokens,
    tokens,
    admin,
    graphqlResponses,
    tokenCalls,
    newShop() {
      const shop = uniqueShop();
      emulator.installShop(shop);
      return { shop, sessionToken: () => emulator.signSessionToken(shop) };
    },
    shopifyControl: emulatorControlAt(emulator.url),
  };
}
