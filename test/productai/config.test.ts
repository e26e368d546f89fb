import { describe, expect, it } from 'vitest';
import { readEnv, type Env } from '../../src/platform/env.ts';
import { productAiEnv } from '../../src/productai/config.ts';
import { problemsOf } from '../support/env-problems.ts';

const production = { NODE_ENV: 'production' };

const read = (env: Env) => readEnv(env, { productAi: productAiEnv }).productAi;
const problems = (env: Env) => problemsOf(() => read(env));

describe("ProductAI's settings", () => {
  it("uses ProductAI's API and accepts its webhooks from its published addresses by default", () => {
    expect(read(production)).toEqual({
      baseUrl: 'https://api.productai.photo',
      webhookAllowedIps: ['54.88.136.216', '54.84.188.199'],
      resultDownloadOrigins: [],
    });
    expect(
      read({ ...production, PRODUCTAI_WEBHOOK_ALLOWED_IPS: '10.0.0.5' }).webhookAllowedIps,
    ).toEqual(['10.0.0.5']);
  });

  it('names webhook addresses that are not IP addresses', () => {
    expect(problems({ PRODUCTAI_WEBHOOK_ALLOWED_IPS: '54.88.136.216, not-an-ip' })).toEqual([
      'PRODUCTAI_WEBHOOK_ALLOWED_IPS must be a list of IP addresses',
    ]);
  });

  it('trusts no result download origin in production unless one is listed', () => {
    const emulator = { ...production, PRODUCTAI_BASE_URL: 'http://127.0.0.1:7001' };
    expect(read(emulator).resultDownloadOrigins).toEqual([]);
    const listed = { ...emulator, RESULT_DOWNLOAD_ORIGINS: 'https://files.example.com/x' };
    expect(read(listed).resultDownloadOrigins).toEqual(['https://files.example.com']);
  });

  it('trusts the ProductAI origin for result downloads outside production, and the listed ones', () => {
    const config = read({
      NODE_ENV: 'development',
      PRODUCTAI_BASE_URL: 'http://127.0.0.1:7001/',
      RESULT_DOWNLOAD_ORIGINS: 'http://127.0.0.1:7002, http://127.0.0.1:7001',
    });
    expect(config.baseUrl).toBe('http://127.0.0.1:7001');
    expect(config.resultDownloadOrigins).toEqual([
      'http://127.0.0.1:7001',
      'http://127.0.0.1:7002',
    ]);
  });

  it('names a result download origin that is not an http(s) URL', () => {
    expect(problems({ RESULT_DOWNLOAD_ORIGINS: 'ftp://files.example.com' })).toEqual([
      'RESULT_DOWNLOAD_ORIGINS must be a list of http(s) origins',
    ]);
  });
});
