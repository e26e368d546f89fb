import { describe, expect, it } from 'vitest';
import { loadAppConfig } from '../../src/app/index.ts';
import { ConfigError } from '../../src/platform/env.ts';
import { problemsOf } from '../support/env-problems.ts';

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
  it("reads every room's settings from one complete production environment", () => {
    const config = loadAppConfig(valid);
    expect(config.env).toBe('production');
    expect(config.shopify.appUrl).toBe('https://app.example.com');
    expect(config.redisUrl).toBe('redis://redis.internal:6379');
    expect(config.http.port).toBe(3000);
    expect(config.productAi.baseUrl).toBe('https://api.productai.photo');
    expect(config.appHome).toEqual({
      appBridgeScriptUrl: 'https://cdn.shopify.com/shopifycloud/app-bridge.js',
      extraFrameAncestors: [],
      devOrigins: [],
      webVitalsSampleRate: 0.25,
    });
  });

  it('lists every missing variable of every room in one error', () => {
    expect(problemsOf(() => loadAppConfig({}))).toEqual([
      'SHOPIFY_API_KEY is required',
      'SHOPIFY_API_SECRET is required',
      'SHOPIFY_APP_URL is required',
      'SCOPES is required',
      'REDIS_URL is required',
      'ENCRYPTION_KEY is required',
    ]);
  });

  it('lists every bad value of every room in one error, naming each variable', () => {
    const problems = problemsOf(() =>
      loadAppConfig({
        ...valid,
        SHOPIFY_APP_URL: 'ftp://app.example.com',
        REDIS_URL: 'localhost:6379',
        PORT: 'eighty',
        TRUST_PROXY: 'true',
        PRODUCTAI_WEBHOOK_ALLOWED_IPS: '54.88.136.216, not-an-ip',
        PIPELINE_STAGE_LOCK_MS: '-5',
        PIXEL_RATE_LIMIT_BURST: 'lots',
        DEV_FRAME_ANCESTORS: 'http://127.0.0.1:8000',
      }),
    );
    expect(problems.map((problem) => problem.split(/[ =]/)[0])).toEqual([
      'SHOPIFY_APP_URL',
      'REDIS_URL',
      'PORT',
      'PRODUCTAI_WEBHOOK_ALLOWED_IPS',
      'PIPELINE_STAGE_LOCK_MS',
      'PIXEL_RATE_LIMIT_BURST',
      'DEV_FRAME_ANCESTORS',
      'TRUST_PROXY',
    ]);
  });

  it('lets the app home load from the local stand-ins outside production only', () => {
    const config = loadAppConfig({
      ...valid,
      NODE_ENV: 'development',
      SHOPIFY_APP_URL: 'http://127.0.0.1:3000',
      PRODUCTAI_BASE_URL: 'http://127.0.0.1:9000/',
      SHOPIFY_ADMIN_URL_OVERRIDE: 'http://127.0.0.1:9999/',
      DEV_FRAME_ANCESTORS: 'http://127.0.0.1:8000',
    });
    expect(config.appHome.devOrigins).toEqual([
      'http://127.0.0.1:9000',
      'http://127.0.0.1:9999',
      'http://127.0.0.1:8000',
    ]);
    expect(config.appHome.extraFrameAncestors).toEqual(['http://127.0.0.1:8000']);
    expect(config.appHome.webVitalsSampleRate).toBe(1);
  });

  it("trusts the Shopify emulator's origin for downloads outside production: the fidelity check reads the product images there", () => {
    const config = loadAppConfig({
      ...valid,
      NODE_ENV: 'development',
      PRODUCTAI_BASE_URL: 'http://127.0.0.1:7001/',
      SHOPIFY_ADMIN_URL_OVERRIDE: 'http://127.0.0.1:7003/admin',
    });
    expect(config.productAi.resultDownloadOrigins).toEqual([
      'http://127.0.0.1:7001',
      'http://127.0.0.1:7003',
    ]);
  });

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

  it('waits 15 minutes for a photo by default (30 for a video), as long as PIPELINE_POLL_DEADLINE_MS says for every kind', () => {
    expect(loadAppConfig(valid).pipeline.polling.deadlineMs).toEqual({
      photo: 900_000,
      upscale: 900_000,
      video: 1_800_000,
    });
    expect(
      loadAppConfig({ ...valid, PIPELINE_POLL_DEADLINE_MS: '60000' }).pipeline.polling.deadlineMs,
    ).toEqual({ photo: 60_000, upscale: 60_000, video: 60_000 });
  });

  it('gives a generation request 30 s by default, as long as PIPELINE_SUBMIT_TIMEOUT_MS says', () => {
    expect(loadAppConfig(valid).pipeline.submit.timeoutMs).toBe(30_000);
    expect(
      loadAppConfig({ ...valid, PIPELINE_SUBMIT_TIMEOUT_MS: '5000' }).pipeline.submit.timeoutMs,
    ).toBe(5_000);
  });

  it('waits for Shopify 6 hours by default, as long as PIPELINE_SHOPIFY_OUTAGE_CEILING_MS says', () => {
    expect(loadAppConfig(valid).pipeline.saving.outageCeilingMs).toBe(6 * 3_600_000);
    expect(
      loadAppConfig({ ...valid, PIPELINE_SHOPIFY_OUTAGE_CEILING_MS: '600000' }).pipeline.saving
        .outageCeilingMs,
    ).toBe(600_000);
  });

  it('waits for ProductAI 6 hours by default, as long as PIPELINE_PRODUCTAI_OUTAGE_CEILING_MS says', () => {
    expect(loadAppConfig(valid).pipeline.awaiting.outageCeilingMs).toBe(6 * 3_600_000);
    expect(
      loadAppConfig({ ...valid, PIPELINE_PRODUCTAI_OUTAGE_CEILING_MS: '600000' }).pipeline.awaiting
        .outageCeilingMs,
    ).toBe(600_000);
  });

  it("makes a send's record durable on the AOF in production, as REDIS_DURABILITY says", () => {
    const durability = (env: Record<string, string>) =>
      loadAppConfig({ ...valid, ...env }).pipeline.durability;
    expect(durability({ NODE_ENV: 'production' }).mode).toBe('aof');
    expect(durability({ NODE_ENV: 'test' }).mode).toBe('none');
    // NODE_ENV unset or empty is production, as for the rest of the configuration.
    const { NODE_ENV: _, ...unset } = valid;
    expect(loadAppConfig(unset).pipeline.durability.mode).toBe('aof');
    expect(durability({ NODE_ENV: '' }).mode).toBe('aof');
    expect(
      durability({ REDIS_DURABILITY: 'replicas', REDIS_DURABILITY_REPLICAS: '2' }),
    ).toMatchObject({ mode: 'replicas', replicas: 2, timeoutMs: 1_000 });
    expect(() => loadAppConfig({ ...valid, REDIS_DURABILITY: 'fsync' })).toThrow(
      'REDIS_DURABILITY must be one of aof, replicas, none',
    );
  });

  it('refuses a bad pipeline setting with a ConfigError, as for any other variable', () => {
    expect(() => loadAppConfig({ ...valid, PIPELINE_RATE_LIMIT: 'many' })).toThrow(ConfigError);
  });

  it('limits /api per shop and the public routes per address, by default and as configured', () => {
    expect(loadAppConfig(valid).rateLimits).toEqual({
      api: { burst: 100, perMinute: 600 },
      publicRoutes: { burst: 1_000, perMinute: 6_000 },
      experimentEventsPerAddress: { burst: 60, perMinute: 600 },
      experimentEventsPerExperiment: { burst: 1_000, perMinute: 6_000 },
      refusalDelayMs: 1_000,
    });
    const configured = loadAppConfig({
      ...valid,
      API_RATE_LIMIT_BURST: '50',
      API_RATE_LIMIT_PER_MINUTE: '300',
      WEBHOOK_RATE_LIMIT_BURST: '20',
      WEBHOOK_RATE_LIMIT_PER_MINUTE: '600',
      PIXEL_RATE_LIMIT_BURST: '6',
      PIXEL_RATE_LIMIT_PER_MINUTE: '60',
      EXPERIMENT_RATE_LIMIT_BURST: '100',
      EXPERIMENT_RATE_LIMIT_PER_MINUTE: '1200',
      RATE_LIMIT_REFUSAL_DELAY_MS: '0',
    }).rateLimits;
    expect(configured).toEqual({
      api: { burst: 50, perMinute: 300 },
      publicRoutes: { burst: 20, perMinute: 600 },
      experimentEventsPerAddress: { burst: 6, perMinute: 60 },
      experimentEventsPerExperiment: { burst: 100, perMinute: 1_200 },
      refusalDelayMs: 0,
    });
  });

  it('refuses rate limits that are not positive integers, naming each, with the others', () => {
    let error: unknown;
    try {
      loadAppConfig({
        ...valid,
        API_RATE_LIMIT_BURST: '0',
        WEBHOOK_RATE_LIMIT_PER_MINUTE: 'lots',
        RATE_LIMIT_REFUSAL_DELAY_MS: '60000',
        PIPELINE_RATE_LIMIT: 'many',
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems).toEqual([
      'PIPELINE_RATE_LIMIT must be a positive integer',
      'API_RATE_LIMIT_BURST must be a positive integer',
      'WEBHOOK_RATE_LIMIT_PER_MINUTE must be a positive integer',
      'RATE_LIMIT_REFUSAL_DELAY_MS must be at most 10000 (ms)',
    ]);
  });
});
