/**
 * The `@shopify/shopify-api` instance: session-token verification, token exchange and refresh.
 * An embedded app on the pinned Admin API version; scopes live in shopify.app.toml (managed
 * installation), the ones here are what the app expects to hold.
 *
 * The library sends its HTTP requests through one process-wide fetch (`setAbstractFetchFunc`),
 * so the emulator route is installed there; all instances in a process share it (one app per
 * process, and tests run one emulator per test file).
 */
import '@shopify/shopify-api/adapters/node';
import { ApiVersion, LogSeverity, shopifyApi, type Shopify } from '@shopify/shopify-api';
import { setAbstractFetchFunc } from '@shopify/shopify-api/runtime';
import type { Logger } from '../platform/logger.ts';
import { ADMIN_API_VERSION } from './api-version.ts';
import type { FetchFn } from './admin-fetch.ts';

export type { Shopify } from '@shopify/shopify-api';

export interface ShopifyApiOptions {
  apiKey: string;
  apiSecret: string;
  appUrl: string;
  scopes: string[];
  /** The fetch the library uses for token exchange and refresh (see admin-fetch.ts). */
  fetch: FetchFn;
  logger: Logger;
}

export function pinnedApiVersion(): ApiVersion {
  const known = Object.values(ApiVersion) as string[];
  if (!known.includes(ADMIN_API_VERSION))
    throw new Error(`@shopify/shopify-api does not know Admin API version ${ADMIN_API_VERSION}`);
  return ADMIN_API_VERSION as ApiVersion;
}

export function createShopifyApi(options: ShopifyApiOptions): Shopify {
  setAbstractFetchFunc(options.fetch);
  const appUrl = new URL(options.appUrl);
  const log = options.logger.child({ component: 'shopify-api' });
  return shopifyApi({
    apiKey: options.apiKey,
    apiSecretKey: options.apiSecret,
    scopes: options.scopes,
    hostName: appUrl.host,
    hostScheme: appUrl.protocol === 'http:' ? 'http' : 'https',
    apiVersion: pinnedApiVersion(),
    isEmbeddedApp: true,
    logger: {
      level: LogSeverity.Warning,
      log: async (severity, message) => {
        if (severity === LogSeverity.Error) log.error(message);
        else if (severity === LogSeverity.Warning) log.warn(message);
        else log.debug(message);
      },
    },
  });
}
