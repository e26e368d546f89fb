/**
 * The proxy chain TRUST_PROXY describes is the one requests come through, or the log says so
 * once (`TRUST_PROXY: '1'` behind a TLS terminator in front of nginx makes every request come
 * from the terminator, and without the log nothing says so).
 */
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../src/platform/logger.ts';
import { startTestApp, type TestApp } from '../support/app.ts';

async function appWithLog(trustProxy: string): Promise<{ app: TestApp; warnings: () => string[] }> {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  const app = await startTestApp({
    env: { TRUST_PROXY: trustProxy },
    webhookWorker: false,
    overrides: { logger: createLogger({ level: 'warn', destination }) },
  });
  const warnings = () =>
    lines
      .map((line) => JSON.parse(line) as { event?: string; mismatch?: string })
      .filter((line) => line.event === 'proxy_chain_mismatch')
      .map((line) => line.mismatch!);
  return { app, warnings };
}

const through = (app: TestApp, forwardedFor: string) =>
  app.call('/healthz', { headers: { 'X-Forwarded-For': forwardedFor } });

describe('TRUST_PROXY=2 (a TLS terminator, then nginx)', () => {
  it('says nothing of requests that came through both', async () => {
    const { app, warnings } = await appWithLog('2');
    await through(app, '203.0.113.7, 10.0.0.2');
    await app.call('/healthz');
    expect(warnings()).toEqual([]);
  });

  it('logs once that more hops arrived than configured, however many requests show it', async () => {
    const { app, warnings } = await appWithLog('2');
    for (let i = 0; i < 5; i += 1) await through(app, '198.51.100.1, 203.0.113.7, 10.0.0.2');
    expect(warnings()).toEqual(['more-than-configured']);
  });

  it('logs once that fewer hops arrived than configured (a client could choose its address)', async () => {
    const { app, warnings } = await appWithLog('2');
    await through(app, '203.0.113.7');
    await through(app, '203.0.113.8');
    expect(warnings()).toEqual(['fewer-than-configured']);
  });
});

describe('TRUST_PROXY=1 behind a TLS terminator in front of nginx', () => {
  it('logs that a proxy is not counted', async () => {
    const { app, warnings } = await appWithLog('1');
    await through(app, '203.0.113.7, 10.0.0.2');
    expect(warnings()).toEqual(['more-than-configured']);
  });
});

describe('TRUST_PROXY off', () => {
  it('logs once that requests come through a proxy it does not trust', async () => {
    const { app, warnings } = await appWithLog('false');
    await through(app, '203.0.113.7');
    await through(app, '203.0.113.7');
    expect(warnings()).toEqual(['proxy-not-trusted']);
  });
});
