import { describe, expect, it } from 'vitest';
import { readEnv, type Env } from '../../src/platform/env.ts';
import { shopifyEnv } from '../../src/shopify/config.ts';
import { problemsOf } from '../support/env-problems.ts';

const valid = {
  NODE_ENV: 'production',
  SHOPIFY_API_KEY: 'api-key',
  SHOPIFY_API_SECRET: 'api-secret',
  SHOPIFY_APP_URL: 'https://app.example.com/',
  SCOPES: 'write_products, write_files',
};

const read = (env: Env) => readEnv(env, { shopify: shopifyEnv }).shopify;
const problems = (env: Env) => problemsOf(() => read(env));

describe("Shopify's settings", () => {
  it('reads the credentials, the address and the scopes, with App Bridge from Shopify by default', () => {
    expect(read(valid)).toEqual({
      api: {
        apiKey: 'api-key',
        apiSecret: 'api-secret',
        appUrl: 'https://app.example.com',
        scopes: ['write_products', 'write_files'],
        adminUrlOverride: undefined,
      },
      embedding: {
        appBridgeScriptUrl: 'https://cdn.shopify.com/shopifycloud/app-bridge.js',
        extraFrameAncestors: [],
      },
    });
  });

  it('lists every missing variable in one error', () => {
    expect(problems({})).toEqual([
      'SHOPIFY_API_KEY is required',
      'SHOPIFY_API_SECRET is required',
      'SHOPIFY_APP_URL is required',
      'SCOPES is required',
    ]);
  });

  it('treats empty values as unset', () => {
    expect(problems({ ...valid, SHOPIFY_API_SECRET: '  ' })).toEqual([
      'SHOPIFY_API_SECRET is required',
    ]);
  });

  it('refuses development tools and plain http in production, alongside other problems', () => {
    expect(
      problems({
        ...valid,
        SHOPIFY_APP_URL: 'http://app.example.com',
        SHOPIFY_ADMIN_URL_OVERRIDE: 'http://127.0.0.1:9999',
        DEV_FRAME_ANCESTORS: 'http://127.0.0.1:8000',
        SCOPES: undefined,
      }),
    ).toEqual([
      'SCOPES is required',
      'SHOPIFY_ADMIN_URL_OVERRIDE is not allowed in production (NODE_ENV=production)',
      'DEV_FRAME_ANCESTORS is not allowed in production (NODE_ENV=production)',
      'SHOPIFY_APP_URL must be https in production',
    ]);
  });

  it('accepts the emulator route and the demo frame outside production', () => {
    const config = read({
      ...valid,
      NODE_ENV: 'development',
      SHOPIFY_APP_URL: 'http://127.0.0.1:3000',
      SHOPIFY_ADMIN_URL_OVERRIDE: 'http://127.0.0.1:9999/',
      DEV_FRAME_ANCESTORS: 'http://127.0.0.1:8000 http://localhost:8000',
    });
    expect(config.api.adminUrlOverride).toBe('http://127.0.0.1:9999');
    expect(config.embedding.extraFrameAncestors).toEqual([
      'http://127.0.0.1:8000',
      'http://localhost:8000',
    ]);
  });
});
