import { describe, expect, it } from 'vitest';
import { loadAppConfig } from '../../src/app/index.ts';
import { ConfigError } from '../../src/platform/config.ts';

const valid = {
  NODE_ENV: 'production',
  SHOPIFY_API_KEY: 'api-key',
  SHOPIFY_API_SECRET: 'api-secret',
  SHOPIFY_APP_URL: 'https://app.example.com/',
  SCOPES: 'write_products, write_files',
  REDIS_URL: 'redis://redis.internal:6379',
  ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
};

describe('loadAppConfig', () => {
  it("accepts ProductAI's webhooks from its published addresses unless others are configured", () => {
    expect(loadAppConfig(valid).productAi.webhookAllowedIps).toEqual([
      '54.88.136.216',
      '54.84.188.199',
    ]);
    expect(
      loadAppConfig({ ...valid, PRODUCTAI_WEBHOOK_ALLOWED_IPS: '10.0.0.5' }).productAi
        .webhookAllowedIps,
    ).toEqual(['10.0.0.5']);
  });

  it("reads the pipeline's settings in the same pass", () => {
    expect(loadAppConfig({ ...valid, PIPELINE_RATE_LIMIT: '30' }).pipeline.limiter.limit).toBe(30);
  });

  it('refuses a bad pipeline setting with a ConfigError, as for any other variable', () => {
    expect(() => loadAppConfig({ ...valid, PIPELINE_RATE_LIMIT: 'many' })).toThrow(ConfigError);
  });
});
