import { describe, expect, it } from 'vitest';
import { platformEnv } from '../../src/platform/config.ts';
import { readEnv, type Env } from '../../src/platform/env.ts';
import { problemsOf } from '../support/env-problems.ts';

const KEY = Buffer.alloc(32, 7).toString('base64');
const valid = {
  NODE_ENV: 'production',
  REDIS_URL: 'redis://redis.internal:6379',
  ENCRYPTION_KEY: KEY,
};

const read = (env: Env) => readEnv(env, { platform: platformEnv }).platform;
const problems = (env: Env) => problemsOf(() => read(env));

describe("the platform's settings", () => {
  it('reads a complete production environment, with defaults for the rest', () => {
    const config = read(valid);
    expect(config.env).toBe('production');
    expect(config.redisUrl).toBe('redis://redis.internal:6379');
    expect(config.encryptionKey).toEqual(Buffer.alloc(32, 7));
    expect(config.http).toEqual({
      port: 3000,
      host: '0.0.0.0',
      trustProxy: false,
      shutdownTimeoutMs: 25_000,
    });
    expect(config.logLevel).toBe('info');
    expect(config.worker.healthPort).toBe(3001);
  });

  it('is production when NODE_ENV is unset or empty', () => {
    const { NODE_ENV: _, ...unset } = valid;
    expect(read(unset).env).toBe('production');
    expect(read({ ...valid, NODE_ENV: ' ' }).env).toBe('production');
  });

  it('lists every missing variable in one error', () => {
    expect(problems({})).toEqual(['REDIS_URL is required', 'ENCRYPTION_KEY is required']);
  });

  it('lists every bad value in one error, naming each variable', () => {
    const found = problems({
      ...valid,
      REDIS_URL: 'localhost:6379',
      ENCRYPTION_KEY: Buffer.alloc(16).toString('base64'),
      PORT: 'eighty',
      LOG_LEVEL: 'loud',
      TRUST_PROXY: 'everyone!',
    });
    expect(found.map((problem) => problem.split(' ')[0])).toEqual([
      'REDIS_URL',
      'ENCRYPTION_KEY',
      'PORT',
      'LOG_LEVEL',
      'TRUST_PROXY',
    ]);
    expect(found).toContain(
      'ENCRYPTION_KEY must be 32 random bytes in base64 (e.g. `openssl rand -base64 32`)',
    );
  });

  it('treats empty values as unset', () => {
    expect(problems({ ...valid, REDIS_URL: '  ' })).toEqual(['REDIS_URL is required']);
  });

  it('keeps metrics off without a token, and refuses a token short enough to guess', () => {
    expect(read(valid).metrics).toEqual({ token: null, port: 9464 });
    const token = 'a'.repeat(24);
    expect(read({ ...valid, METRICS_TOKEN: token, METRICS_PORT: '9100' }).metrics).toEqual({
      token,
      port: 9100,
    });
    expect(problems({ ...valid, METRICS_TOKEN: 'short' })).toEqual([
      'METRICS_TOKEN must be at least 24 characters',
    ]);
  });

  it.each([
    ['false', false],
    ['2', 2],
    ['loopback, 10.0.0.0/8', ['loopback', '10.0.0.0/8']],
  ])('reads TRUST_PROXY=%s', (value, expected) => {
    expect(read({ ...valid, TRUST_PROXY: value }).http.trustProxy).toEqual(expected);
  });

  it('refuses a TRUST_PROXY hop count no proxy chain has, saying what it counts', () => {
    expect(problems({ ...valid, TRUST_PROXY: '12' })).toEqual([
      'TRUST_PROXY must count the proxies in front of the app (at most 5), not 12',
    ]);
  });

  it('refuses TRUST_PROXY=true in production, saying why, and accepts it in development', () => {
    expect(problems({ ...valid, TRUST_PROXY: 'true' })).toEqual([
      expect.stringContaining('TRUST_PROXY=true is not allowed in production'),
    ]);
    expect(read({ ...valid, NODE_ENV: 'development', TRUST_PROXY: 'true' }).http.trustProxy).toBe(
      true,
    );
  });

  it('reads the worker health port and the shutdown deadline', () => {
    const config = read({ ...valid, WORKER_HEALTH_PORT: '9102', SHUTDOWN_TIMEOUT_MS: '500' });
    expect(config.worker.healthPort).toBe(9102);
    expect(config.http.shutdownTimeoutMs).toBe(500);
  });

  it('names a bad worker health port and a bad shutdown deadline', () => {
    expect(problems({ ...valid, WORKER_HEALTH_PORT: '70000', SHUTDOWN_TIMEOUT_MS: '-1' })).toEqual([
      'WORKER_HEALTH_PORT must be a port number',
      'SHUTDOWN_TIMEOUT_MS must be a number of milliseconds',
    ]);
  });
});
