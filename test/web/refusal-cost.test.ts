/**
 * What a shop flooding the API costs the web process per refused request (docs/operations.md,
 * Rate limits): past its budget it is answered 429 with the coded error body and Retry-After,
 * without a Redis call (the process remembers the refusal until its retry time) and without an
 * access log line at info or above (a 429 is logged at debug: at tens a second its line was the
 * largest single cost of a refusal). The other statuses keep their access lines.
 */
import { Writable } from 'node:stream';
import { expect, it } from 'vitest';
import type { ApiErrorBody } from '../../src/app-api/contract.ts';
import { createLogger } from '../../src/platform/logger.ts';
import { sessionModule } from '../../web/server/routes/session.ts';
import { startTestApp } from '../support/app.ts';

const lines: string[] = [];
const destination = new Writable({
  write(chunk: Buffer, _encoding, done) {
    lines.push(...chunk.toString().split('\n').filter(Boolean));
    done();
  },
});
const app = await startTestApp({
  modules: [sessionModule],
  // Two requests at once, then one a minute: nothing comes back during the test.
  env: {
    API_RATE_LIMIT_BURST: '2',
    API_RATE_LIMIT_PER_MINUTE: '1',
    RATE_LIMIT_REFUSAL_DELAY_MS: '0',
  },
  overrides: { logger: createLogger({ level: 'info', destination }) },
  webhookWorker: false,
});

/** The app's Redis commands naming `shop` while `run` runs. */
async function redisCommandsNaming(shop: string, run: () => Promise<void>): Promise<string[]> {
  const redis = app.deps.redis;
  const original = redis.sendCommand.bind(redis);
  const seen: string[] = [];
  redis.sendCommand = (command, stream) => {
    const args = (command as unknown as { args: unknown[] }).args.map(String);
    if (args.some((arg) => arg.includes(shop))) seen.push(command.name);
    return original(command, stream);
  };
  try {
    await run();
  } finally {
    redis.sendCommand = original;
  }
  return seen;
}

/** The access log's line of the answer with this request id, if any. */
const accessLine = (requestId: string) =>
  lines
    .map((line) => JSON.parse(line) as { level: number; req?: { id?: string }; res?: unknown })
    .find((line) => line.req?.id === requestId && line.res);

it('refuses a flooding shop with 429, the coded body and Retry-After, no Redis call and no access line', async () => {
  const shop = app.newShop();
  const allowed = [];
  for (let i = 0; i < 2; i += 1) allowed.push(await app.call('/api/session', { shop }));
  expect(allowed.map((response) => response.status)).toEqual([200, 200]);
  // The first refusal asks Redis (the budget is shared by every web process) and is remembered.
  expect((await app.call('/api/session', { shop })).status).toBe(429);

  const refused: Response[] = [];
  const commands = await redisCommandsNaming(shop, async () => {
    for (let i = 0; i < 5; i += 1) refused.push(await app.call('/api/session', { shop }));
  });
  expect(commands).toEqual([]);
  for (const response of refused) {
    expect(response.status).toBe(429);
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(50);
    const body = (await response.json()) as ApiErrorBody;
    expect(body).toMatchObject({ error: 'rate_limited', requestId: expect.any(String) });
    expect(response.headers.get('x-request-id')).toBe(body.requestId);
    expect(accessLine(String(body.requestId))).toBeUndefined();
  }
  // An answer the shop was allowed keeps its access line.
  expect(accessLine(allowed[0]!.headers.get('x-request-id')!)).toMatchObject({ level: 30 });
});
