/**
 * REDIS_DURABILITY=aof end to end, on a server that has WAITAOF (dev/waitaof-server.ts: a
 * private valkey-server, or what VALKEY_SERVER_PATH names; Debian bookworm's redis-server is 7.0
 * and has none): the worker's start check passes on a server with its AOF on, a submission
 * leaves only once WAITAOF confirmed its record (src/pipeline/submit/steps/durable.ts), and a
 * worker refuses to start on a server whose AOF is off. Without such a server the file fails,
 * saying how to install one: scripts/ensure-setup.sh test installs it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { commandStats } from '../../../dev/redis-command-stats.ts';
import { startPrivateRedis, type PrivateRedis } from '../../../dev/redis-server.ts';
import { waitaofServer } from '../../../dev/waitaof-server.ts';
import { connectRedis, type Redis } from '../../../src/platform/redis/connection.ts';
import { startPipelineHarness, type PipelineHarness } from '../../support/pipeline-stack.ts';
import { afterFile } from '../../support/teardown.ts';
import { until } from '../../support/until.ts';

const AOF = { durability: { mode: 'aof', replicas: 0, timeoutMs: 1_000 } } as const;

/** A private server with WAITAOF (appendonly yes, as startPrivateRedis starts it) and a client. */
async function startWaitaofServer(): Promise<{ server: PrivateRedis; admin: Redis }> {
  const server = await startPrivateRedis({ server: waitaofServer().path });
  afterFile(() => server.stop());
  const admin = await connectRedis(server.url);
  afterFile(() => admin.disconnect());
  return { server, admin };
}

async function waitaofCalls(admin: Redis): Promise<number> {
  return (await commandStats(admin)).get('waitaof')?.calls ?? 0;
}

describe('REDIS_DURABILITY=aof on a server with WAITAOF and its AOF on', () => {
  let admin: Redis;
  let h: PipelineHarness;
  beforeAll(async () => {
    const started = await startWaitaofServer();
    admin = started.admin;
    // The workers start here: their durability check has passed once this resolves.
    h = await startPipelineHarness({
      redisUrl: started.server.url,
      // The tries of a submission whose record was not confirmed (backoff doubling from 100 ms):
      // enough for the AOF to be turned back on below.
      config: { ...AOF, stages: { attempts: 12 } },
    });
  });

  it('sends a submission once WAITAOF confirmed its record, one job', async () => {
    const before = await waitaofCalls(admin);
    const shop = await h.newShop();
    const generation = await shop.enqueue();
    const done = await shop.waitFor(generation.id, ['published', 'failed'], 30_000);
    expect(done.state).toBe('published');
    expect(await shop.jobs()).toHaveLength(1);
    expect(await waitaofCalls(admin)).toBeGreaterThan(before);
  });

  it('sends nothing while the AOF is off (WAITAOF refused), then sends it once', async () => {
    await admin.config('SET', 'appendonly', 'no');
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

    await admin.config('SET', 'appendonly', 'yes');
    const done = await shop.waitFor(generation.id, ['published', 'failed'], 60_000);
    expect(done.state).toBe('published');
    expect(await shop.jobs()).toHaveLength(1);
  });
});

describe('REDIS_DURABILITY=aof on a server with WAITAOF and its AOF off', () => {
  it('the worker refuses to start, saying why', async () => {
    const { server, admin } = await startWaitaofServer();
    await admin.config('SET', 'appendonly', 'no');
    const h = await startPipelineHarness({ redisUrl: server.url, workers: false, config: AOF });
    await expect(h.startWorkers()).rejects.toThrow(
      'REDIS_DURABILITY=aof needs Redis with appendonly yes; its AOF is off',
    );
  });
});
