/**
 * Before a request leaves for ProductAI, Redis has made its record durable
 * (src/pipeline/submit/steps/durable.ts, src/platform/redis/durability.ts): with
 * REDIS_DURABILITY=replicas, a submission whose record no replica confirmed is not sent, and is
 * sent once one does; with `aof`, a worker refuses to start on a Redis older than 7.2 (no
 * WAITAOF); durable-aof.test.ts runs that mode on a server that has it. Each test runs its own
 * redis-server.
 */
import type { ChildProcess } from 'node:child_process';
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

describe('REDIS_DURABILITY=aof on a Redis older than 7.2', () => {
  // Debian bookworm's redis-server 7.0.15, as its INFO and its answer to WAITAOF read: a stand-in,
  // so that this runs wherever the suite does (durable-aof.test.ts runs a server that has it).
  const redis7_0 = {
    info: async (section: string) =>
      section === 'server' ? 'redis_version:7.0.15\r\n' : 'aof_enabled:1\r\n',
    call: async () => {
      throw new Error("ERR unknown command 'WAITAOF'");
    },
  } as unknown as Redis;
  const aof = () => createDurability(redis7_0, { mode: 'aof', replicas: 0, timeoutMs: 1_000 });

  it('refuses to start, saying why', async () => {
    await expect(aof().check()).rejects.toThrow(
      'REDIS_DURABILITY=aof needs WAITAOF, Redis 7.2 or later; this Redis is 7.0.15',
    );
    // And were it started anyway, nothing would be sent: the wait fails, it does not pass.
    await expect(aof().wait()).rejects.toBeInstanceOf(NotDurableError);
  });
});
