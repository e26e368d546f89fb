import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/platform/config.ts';

const KEY = Buffer.alloc(32, 7).toString('base64');
const valid = {
  NODE_ENV: 'production',
  SHOPIFY_API_KEY: 'api-key',
  SHOPIFY_API_SECRET: 'api-secret',
  SHOPIFY_APP_URL: 'https://app.example.com/',
  SCOPES: 'write_products, write_files',
  REDIS_URL: 'redis://redis.internal:6379',
  ENCRYPTION_KEY: KEY,
};

function problemsOf(env: Record<string, string | undefined>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).problems;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('reads a complete production environment, with defaults for the rest', () => {
    const config = loadConfig(valid);
    expect(config.shopify).toEqual({
      apiKey: 'api-key',
      apiSecret: 'api-secret',
      appUrl: 'https://app.example.com',
      scopes: ['write_products', 'write_files'],
      adminUrlOverride: undefined,
    });
    expect(config.encryptionKey).toEqual(Buffer.alloc(32, 7));
    expect(config.http).toMatchObject({ port: 3000, host: '0.0.0.0', trustProxy: false });
    expect(config.logLevel).toBe('info');
    expect(config.appHome.appBridgeScriptUrl).toBe(
      'https://cdn.shopify.com/shopifycloud/app-bridge.js',
    );
    expect(config.productAi).toEqual({
      baseUrl: 'https://api.productai.photo',
      webhookAllowedIps: [],
      resultDownloadOrigins: [],
    });
  });

  it('trusts no result download origin in production unless one is listed', () => {
    const emulator = { ...valid, PRODUCTAI_BASE_URL: 'http://127.0.0.1:7001' };
    expect(loadConfig(emulator).productAi.resultDownloadOrigins).toEqual([]);
    const listed = { ...emulator, RESULT_DOWNLOAD_ORIGINS: 'https://files.example.com/x' };
    expect(loadConfig(listed).productAi.resultDownloadOrigins).toEqual([
      'https://files.example.com',
    ]);
  });

  it('trusts the ProductAI origin for result downloads outside production, and the listed ones', () => {
    const config = loadConfig({
      ...valid,
      NODE_ENV: 'development',
      PRODUCTAI_BASE_URL: 'http://127.0.0.1:7001/',
      RESULT_DOWNLOAD_ORIGINS: 'http://127.0.0.1:7002, http://127.0.0.1:7001',
    });
    expect(config.productAi.resultDownloadOrigins).toEqual([
      'http://127.0.0.1:7001',
      'http://127.0.0.1:7002',
    ]);
  });

  it("trusts the Shopify emulator's origin outside production: the fidelity check reads the product images there", () => {
    const config = loadConfig({
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

  it('names a result download origin that is not an http(s) URL', () => {
    expect(problemsOf({ ...valid, RESULT_DOWNLOAD_ORIGINS: 'ftp://files.example.com' })).toEqual([
      'RESULT_DOWNLOAD_ORIGINS must be a list of http(s) origins',
    ]);
  });

  it('accepts webhooks from the default sources it is given when none are configured', () => {
    const sources = ['203.0.113.7'];
    expect(
      loadConfig(valid, { productAiWebhookSources: sources }).productAi.webhookAllowedIps,
    ).toEqual(sources);
  });

  it('lists every missing variable in one error', () => {
    expect(problemsOf({})).toEqual([
      'SHOPIFY_API_KEY is required',
      'SHOPIFY_API_SECRET is required',
      'SHOPIFY_APP_URL is required',
      'SCOPES is required',
      'REDIS_URL is required',
      'ENCRYPTION_KEY is required',
    ]);
  });

  it('lists every bad value in one error, naming each variable', () => {
    const problems = problemsOf({
      ...valid,
      SHOPIFY_APP_URL: 'ftp://app.example.com',
      REDIS_URL: 'localhost:6379',
      ENCRYPTION_KEY: Buffer.alloc(16).toString('base64'),
      PORT: 'eighty',
      LOG_LEVEL: 'loud',
      TRUST_PROXY: 'everyone!',
      PRODUCTAI_WEBHOOK_ALLOWED_IPS: '54.88.136.216, not-an-ip',
    });
    expect(problems.map((problem) => problem.split(' ')[0])).toEqual([
      'SHOPIFY_APP_URL',
      'REDIS_URL',
      'ENCRYPTION_KEY',
      'PORT',
      'LOG_LEVEL',
      'PRODUCTAI_WEBHOOK_ALLOWED_IPS',
      'TRUST_PROXY',
    ]);
    expect(problems).toContain(
      'ENCRYPTION_KEY must be 32 random bytes in base64 (e.g. `openssl rand -base64 32`)',
    );
  });

  it('treats empty values as unset', () => {
    expect(problemsOf({ ...valid, SHOPIFY_API_SECRET: '  ' })).toEqual([
      'SHOPIFY_API_SECRET is required',
    ]);
  });

  it('refuses development tools and plain http in production, alongside other problems', () => {
    const problems = problemsOf({
      ...valid,
      SHOPIFY_APP_URL: 'http://app.example.com',
      SHOPIFY_ADMIN_URL_OVERRIDE: 'http://127.0.0.1:9999',
      DEV_FRAME_ANCESTORS: 'http://127.0.0.1:8000',
      SCOPES: undefined,
    });
    expect(problems).toEqual([
      'SCOPES is required',
      'SHOPIFY_ADMIN_URL_OVERRIDE is not allowed in production (NODE_ENV=production)',
      'DEV_FRAME_ANCESTORS is not allowed in production (NODE_ENV=production)',
      'SHOPIFY_APP_URL must be https in production',
    ]);
  });

  it('accepts the emulator route and the demo frame outside production', () => {
    const config = loadConfig({
      ...valid,
      NODE_ENV: 'development',
      SHOPIFY_APP_URL: 'http://127.0.0.1:3000',
      SHOPIFY_ADMIN_URL_OVERRIDE: 'http://127.0.0.1:9999/',
      DEV_FRAME_ANCESTORS: 'http://127.0.0.1:8000 http://localhost:8000',
    });
    expect(config.shopify.adminUrlOverride).toBe('http://127.0.0.1:9999');
    expect(config.appHome.extraFrameAncestors).toEqual([
      'http://127.0.0.1:8000',
      'http://localhost:8000',
    ]);
  });

  it('lets the app home load from the local stand-ins outside production only', () => {
    expect(loadConfig(valid).appHome.devOrigins).toEqual([]);
    const config = loadConfig({
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
  });

  it('keeps metrics off without a token, and refuses a token short enough to guess', () => {
    expect(loadConfig(valid).metrics).toEqual({ token: null, port: 9464 });
    const token = 'a'.repeat(24);
    expect(loadConfig({ ...valid, METRICS_TOKEN: token, METRICS_PORT: '9100' }).metrics).toEqual({
      token,
      port: 9100,
    });
    expect(() => loadConfig({ ...valid, METRICS_TOKEN: 'short' })).toThrow(
      'METRICS_TOKEN must be at least 24 characters',
    );
  });

  it.each([
    ['false', false],
    ['2', 2],
    ['loopback, 10.0.0.0/8', ['loopback', '10.0.0.0/8']],
  ])('reads TRUST_PROXY=%s', (value, expected) => {
    expect(loadConfig({ ...valid, TRUST_PROXY: value }).http.trustProxy).toEqual(expected);
  });

  it('refuses a TRUST_PROXY hop count no proxy chain has, saying what it counts', () => {
    expect(problemsOf({ ...valid, TRUST_PROXY: '12' })).toEqual([
      'TRUST_PROXY must count the proxies in front of the app (at most 5), not 12',
    ]);
  });

  it('refuses TRUST_PROXY=true in production, saying why, and accepts it in development', () => {
    expect(problemsOf({ ...valid, TRUST_PROXY: 'true' })).toEqual([
      expect.stringContaining('TRUST_PROXY=true is not allowed in production'),
    ]);
    const development = { ...valid, NODE_ENV: 'development', SHOPIFY_APP_URL: 'http://localhost' };
    expect(loadConfig({ ...development, TRUST_PROXY: 'true' }).http.trustProxy).toBe(true);
  });

  it('gives the worker its health port and both processes a shutdown deadline by default', () => {
    const config = loadConfig(valid);
    expect(config.worker.healthPort).toBe(3001);
    expect(config.http.shutdownTimeoutMs).toBe(25_000);
  });

  it('reads the worker health port and the shutdown deadline', () => {
    const config = loadConfig({ ...valid, WORKER_HEALTH_PORT: '9102', SHUTDOWN_TIMEOUT_MS: '500' });
    expect(config.worker.healthPort).toBe(9102);
    expect(config.http.shutdownTimeoutMs).toBe(500);
  });

  it('names a bad worker health port and a bad shutdown deadline', () => {
    expect(
      problemsOf({ ...valid, WORKER_HEALTH_PORT: '70000', SHUTDOWN_TIMEOUT_MS: '-1' }),
    ).toEqual([
      'WORKER_HEALTH_PORT must be a port number',
      'SHUTDOWN_TIMEOUT_MS must be a number of milliseconds',
    ]);
  });
});
