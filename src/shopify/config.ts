/**
 * Shopify's settings: the app's credentials and address as the Dev Dashboard knows them, the
 * access scopes it expects, how the app home is embedded in the admin (App Bridge, who may frame
 * it), and the development-only route of Admin traffic to the emulator. Read with the rest of the
 * configuration in one pass by src/app/config.ts (src/platform/env.ts says how). The Admin API
 * version is pinned in code (api-version.ts): a deployment must not speak a version the app's
 * queries were not generated for.
 */
import { z } from 'zod';
import { commaList, envSection, httpUrl, required } from '../platform/env.ts';

const ShopifyEnv = z.object({
  SHOPIFY_API_KEY: required,
  SHOPIFY_API_SECRET: required,
  SHOPIFY_APP_URL: httpUrl,
  // Required, no default: Shopify grants shopify.app.toml's `[access_scopes] scopes`
  // (declared-scopes.ts), and a deployment says which it expects (the dev stack and the tests
  // pass that list).
  SCOPES: commaList.pipe(z.array(z.string()).min(1, 'must list at least one access scope')),
  // Shopify's CDN, which the app home must load App Bridge from (never bundled: Shopify updates
  // it in place); another URL only for the demo's and tests' stand-in (dev/admin-frame).
  APP_BRIDGE_SCRIPT_URL: httpUrl.default('https://cdn.shopify.com/shopifycloud/app-bridge.js'),
  // Development only (refused in production): the emulator, and the demo's admin stand-in.
  SHOPIFY_ADMIN_URL_OVERRIDE: httpUrl.optional(),
  DEV_FRAME_ANCESTORS: commaList.optional(),
});

export interface ShopifyConfig {
  apiKey: string;
  apiSecret: string;
  appUrl: string;
  scopes: string[];
  /** Emulator base URL that `*.myshopify.com` traffic is routed to (development and tests). */
  adminUrlOverride: string | undefined;
}

/** How the app home is embedded in the Shopify admin. */
export interface ShopifyEmbedding {
  appBridgeScriptUrl: string;
  /** Extra origins allowed to frame the app home (the demo's admin stand-in). */
  extraFrameAncestors: string[];
}

/** Development tools a production deployment must not carry: the emulator route and the demo's
 * admin frame would send Admin traffic elsewhere or let another site frame the app. */
const DEVELOPMENT_ONLY = ['SHOPIFY_ADMIN_URL_OVERRIDE', 'DEV_FRAME_ANCESTORS'] as const;

export const shopifyEnv = envSection({
  schema: ShopifyEnv,
  problems(present, { production }) {
    if (!production) return [];
    const problems: string[] = DEVELOPMENT_ONLY.filter((name) => present[name] !== undefined).map(
      (name) => `${name} is not allowed in production (NODE_ENV=production)`,
    );
    if (present.SHOPIFY_APP_URL?.startsWith('http://'))
      problems.push('SHOPIFY_APP_URL must be https in production');
    return problems;
  },
  build: (e): { api: ShopifyConfig; embedding: ShopifyEmbedding } => ({
    api: {
      apiKey: e.SHOPIFY_API_KEY,
      apiSecret: e.SHOPIFY_API_SECRET,
      appUrl: e.SHOPIFY_APP_URL,
      scopes: e.SCOPES,
      adminUrlOverride: e.SHOPIFY_ADMIN_URL_OVERRIDE,
    },
    embedding: {
      appBridgeScriptUrl: e.APP_BRIDGE_SCRIPT_URL,
      extraFrameAncestors: e.DEV_FRAME_ANCESTORS ?? [],
    },
  }),
});
