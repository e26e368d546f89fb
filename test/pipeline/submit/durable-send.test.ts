/**
 * Before a request leaves for ProductAI, Redis has made its record durable
 * (src/pipeline/submit/steps/durable.ts, src/platform/redis/durability.ts): with
 * REDIS_DURABILITY=replicas, a submission whose record no replica confirmed is not sent, and is
 * sent once one does; with `aof`, WAITAOF confirms the primary's fsync, and a worker refuses to
 * start on a Redis that cannot (no AOF, or older than 7.2). Each test runs its own redis-server.
 */
import { execFileSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../dev/free-port.ts';
import { spawnGroup, stopGroup } from '../../../dev/process-groups.ts';
import { startPrivateRedis, type PrivateRedis } from '../../../dev/redis-server.ts';
import { connectRedis, type Redis } from '../../../src/platform/redis/connection.ts';
import { createDurability, NotDurableError } from '../../../src/platform/redis/durability.ts';
import { startPipelineHarness, type PipelineHarness } from '../../support/pipeline-stack.ts';
import { afterFile } from '../../support/teardown.ts';
import { until } from '../../support/until.ts';

const REDIS_VERSION = /v=(\d+\.\d+)/.exec(
  execFileSync('redis-server', ['--version'], { encoding: 'utf8' }),
)![1]!;
const HAS_WAITAOF = Number(REDIS_VERSION.split('.')[0]) > 7 || REDIS_VERSION >= '7.2';

let primary: PrivateRedis;
beforeAll(async () => {
  primary = await startPrivateRedis();
  afterFile(() => primary.stop());
});

/** A replica of the primary, once it has synced. */
async function startReplica(): Promise<ChildProcess> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'redis-replica-'));
  const child = spawnGroup(
    'redis-server',
    [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--dir',
      dir,
      '--save',
      '',
      '--replicaof',
      '127.0.0.1',
      String(primary.port),
      '--loglevel',
      'warning',
    ],
    { stdio: 'ignore' },
  );
  afterFile(() => stopGroup(child));
  let replica: Redis | undefined;
  await until(
    'the replica in sync',
    async () => {
      replica ??= await connectRedis(`redis://127.0.0.1:${port}`).catch(() => undefined);
      return (
        replica !== undefined && /master_link_status:up/.test(await replica.info('replication'))
      );
    },
    { deadlineMs: 10_000 },
  );
  replica!.disconnect();
  return child;
}

describe('REDIS_DURABILITY=replicas', () => {
  let h: PipelineHarness;
  beforeAll(async () => {
    h = await startPipelineHarness({
      redisUrl: primary.url,
      config: {
        durability: { mode: 'replicas', replicas: 1, timeoutMs: 200 },
        // The tries of a submission whose record no replica confirmed (backoff doubling from
        // 100 ms): enough for the replica below to start and sync.
        stages: { attempts: 12 },
      },
    });
  });

  it('sends nothing until a replica has the record of the send, then sends it once', async () => {
    const shop = await h.newShop();
    const generation = await shop.enqueue();

    await until(
      'the unconfirmed send noted',
      async () => {
        const record = await h.pipeline.generations.get(shop.shop, generation.id);
        return (record?.transitions ?? []).some((entry) =>
          entry.note?.startsWith('Redis did not confirm the record of the send'),
        );
      },
      { deadlineMs: 10_000 },
    );
    expect(await shop.jobs()).toEqual([]);

    await startReplica();
    const done = await shop.waitFor(generation.id, ['published', 'failed'], 60_000);
    expect(done.state).toBe('published');
    expect(await shop.jobs()).toHaveLength(1);
  });
});

describe('REDIS_DURABILITY=aof', () => {
  let redis: Redis;
  beforeAll(async () => {
    redis = await connectRedis(primary.url);
    afterFile(() => redis.disconnect());
  });
  const aof = () => createDurability(redis, { mode: 'aof', replicas: 0, timeoutMs: 1_000 });

  it.runIf(HAS_WAITAOF)("waits for the primary's AOF to hold the connection's writes", async () => {
    await aof().check();
    await redis.set('durable-send:probe', '1');
    await expect(aof().wait()).resolves.toBeUndefined();
  });

  it.runIf(!HAS_WAITAOF)('refuses to start on a Redis without WAITAOF, saying why', async () => {
    await expect(aof().check()).rejects.toThrow(
      `REDIS_DURABILITY=aof needs WAITAOF, Redis 7.2 or later; this Redis is ${REDIS_VERSION}`,
    );
    // And were it started anyway, nothing would be sent: the wait fails, it does not pass.
    await expect(aof().wait()).rejects.toBeInstanceOf(NotDurableError);
  });
});
