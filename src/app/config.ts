/**
 * The whole configuration, read once at boot, as shopifyApi(config) does: each room's settings
 * in its own file, a zod schema with the defaults beside (the platform's, src/platform/config.ts;
 * Shopify's, src/shopify/config.ts; ProductAI's, src/productai/config.ts; the pipeline's,
 * src/pipeline/config-from-env.ts; the HTTP rate limits, rate-limits-config.ts), read here in
 * one pass: a bad value in any fails the start with ONE ConfigError naming every bad variable,
 * before anything connects. Only what needs two rooms at once is decided here (the app home's
 * origins, the Shopify emulator's images among the trusted downloads). docs/operations.md lists
 * every variable with its default and owner (test/app/config-doc.test.ts keeps it so).
 */
import { platformEnv, type PlatformConfig } from '../platform/config.ts';
import { readEnv, type Env } from '../platform/env.ts';
import { pipelineEnv, type PipelineConfig } from '../pipeline/index.ts';
import { productAiEnv, type ProductAiConfig } from '../productai/config.ts';
import { shopifyEnv, type ShopifyConfig } from '../shopify/config.ts';
import { rateLimitsEnv, type RateLimitsConfig } from './rate-limits-config.ts';

export type { RateLimitsConfig } from './rate-limits-config.ts';

/** Every section read by `loadAppConfig`, in the order their problems are reported. */
export const ENV_SECTIONS = {
  shopify: shopifyEnv,
  platform: platformEnv,
  productAi: productAiEnv,
  pipeline: pipelineEnv,
  rateLimits: rateLimitsEnv,
};

export interface AppHomeConfig {
  appBridgeScriptUrl: string;
  /** Extra origins allowed to frame the app home (the demo's admin stand-in). */
  extraFrameAncestors: string[];
  /**
   * Origins the app home's CSP also allows for images, media and connections: outside
   * production the local stand-ins (the emulators serve product images and results over
   * http, the demo's admin frame); in production none (https only).
   */
  devOrigins: string[];
  /**
   * The share of app home page loads that report their Web Vitals (POST /api/web-vitals): a
   * quarter in production, where a p75 per page and day needs a few hundred reports, not
   * every merchant's every page; every load elsewhere, so the demo and tests see each one.
   */
  webVitalsSampleRate: number;
}

export interface Config extends PlatformConfig {
  shopify: ShopifyConfig;
  appHome: AppHomeConfig;
  productAi: ProductAiConfig;
  pipeline: PipelineConfig;
  rateLimits: RateLimitsConfig;
}

const originOf = (url: string | undefined): string[] => (url ? [new URL(url).origin] : []);

/** Validates the environment; throws a ConfigError listing every problem at once. */
export function loadAppConfig(env: Env): Config {
  const { shopify, platform, productAi, pipeline, rateLimits } = readEnv(env, ENV_SECTIONS);
  const production = platform.env === 'production';
  const adminOverride = shopify.api.adminUrlOverride;
  return {
    ...platform,
    shopify: shopify.api,
    appHome: {
      ...shopify.embedding,
      devOrigins: production
        ? []
        : [
            ...new Set([
              ...originOf(productAi.baseUrl),
              ...originOf(adminOverride),
              ...shopify.embedding.extraFrameAncestors,
            ]),
          ],
      webVitalsSampleRate: production ? 0.25 : 1,
    },
    productAi: {
      ...productAi,
      // The product images the fidelity check reads, where the Shopify emulator serves them (a
      // development-only variable, refused in production).
      resultDownloadOrigins: [
        ...new Set([...productAi.resultDownloadOrigins, ...originOf(adminOverride)]),
      ],
    },
    pipeline,
    rateLimits,
  };
}
