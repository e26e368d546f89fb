/**
 * A process started with a bad environment refuses to start with ONE message naming every bad
 * variable of every room's settings (src/app/config.ts), and exits 1 before it connects to
 * anything: the web process and the worker as deployed, configured by their environment only.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { startAppProcess } from './support/app-process.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Nothing Shopify's or the platform's required, and a bad value in each other room. */
const BAD = {
  NODE_ENV: 'production',
  PRODUCTAI_BASE_URL: 'ftp://api.example.com',
  PIPELINE_RATE_LIMIT: 'many',
  API_RATE_LIMIT_BURST: '0',
  TRUST_PROXY: 'true',
};

describe.each(['web/server/main.ts', 'web/worker/main.ts'])('%s with a bad environment', (main) => {
  it('exits 1 with one message listing every bad variable', async () => {
    const app = startAppProcess([process.execPath, main], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, ...BAD },
    });
    expect(await app.exited).toBe(1);
    expect(app.lines.map((line) => line.msg)).toEqual([
      'Invalid configuration:',
      '  - SHOPIFY_API_KEY is required',
      '  - SHOPIFY_API_SECRET is required',
      '  - SHOPIFY_APP_URL is required',
      '  - SCOPES is required',
      '  - REDIS_URL is required',
      '  - ENCRYPTION_KEY is required',
      '  - PRODUCTAI_BASE_URL must be an http(s) URL',
      '  - PIPELINE_RATE_LIMIT must be a positive integer',
      '  - API_RATE_LIMIT_BURST must be a positive integer',
      expect.stringMatching(/^ {2}- TRUST_PROXY=true is not allowed in production/),
    ]);
  });
});
