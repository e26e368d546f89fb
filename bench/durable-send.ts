/**
 * The cost of making a send's record durable before the request leaves
 * (src/pipeline/submit/steps/durable.ts): the submit step's Redis part, timed per submission,
 * against real redis-servers with appendonly yes and `appendfsync everysec` (compose.yaml's):
 *   the move queued → submitting (the generation store's Lua script), the fingerprint's claim
 *   (its Lua script), then the durability wait of each mode.
 * Prints p50 / p95 per submission and the Redis commands each costs (INFO commandstats).
 *
 *   node bench/durable-send.ts [submissions=400] [server=redis-server]
 *
 * `server` is the binary to run: valkey-server has WAITAOF (scripts/ensure-setup.sh test installs
 * it), which Redis has from 7.2; on an older redis-server the `aof` row says so, and the row
 * `appendfsync always` stands in for its cost: one fsync of the AOF per write, which is what
 * WAITAOF 1 0 asks of an everysec server at the moment it blocks (it fsyncs at once instead of
 * within the second).
 */
import { execFileSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { freePort } from '../dev/free-port.ts';
import { spawnGroup, stopGroup } from '../dev/process-groups.ts';
import { startPrivateRedis } from '../dev/redis-server.ts';
import { systemClock } from '../src/platform/clock.ts';
import { closeRedis, connectRedis, type Redis } from '../src/platform/redis/connection.ts';
import { createDurability, type DurabilityConfig } from '../src/platform/redis/durability.ts';
import { pipelineConfig } from '../src/pipeline/config.ts';
import { appWideKeys } from '../src/pipeline/generations/keys.ts';
import { createPipelineStores } from '../src/pipeline/pipeline-stores.ts';
import { generationFingerprint } from '../src/pipeline/limits/submission-claims.ts';

const SUBMISSIONS = Number(process.argv[2] ?? 400);
const SERVER = process.argv[3] ?? 'redis-server';
const version = execFileSync(SERVER, ['--version'], { encoding: 'utf8' }).split(' sha=')[0]!;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function commandCount(redis: Redis): Promise<number> {
  const stats = await redis.info('commandstats');
  let total = 0;
  for (const match of stats.matchAll(/^cmdstat_(\w+):calls=(\d+)/gm))
    if (match[1] !== 'info') total += Number(match[2]);
  return total;
}

async function startReplica(primaryPort: number): Promise<ChildProcess> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'bench-replica-'));
  const child = spawnGroup(
    SERVER,
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
      String(primaryPort),
      '--loglevel',
      'warning',
    ],
    { stdio: 'ignore' },
  );
  for (;;) {
    const replica = await connectRedis(`redis://127.0.0.1:${port}`).catch(() => null);
    if (replica && /master_link_status:up/.test(await replica.info('replication'))) {
      await closeRedis(replica);
      return child;
    }
    if (replica) await closeRedis(replica);
    await delay(50);
  }
}

/** Times SUBMISSIONS submit steps (the Redis part) with the given durability. */
async function run(label: string, durability: DurabilityConfig, fsync: 'everysec' | 'always') {
  const server = await startPrivateRedis({ server: SERVER });
  const redis = await connectRedis(server.url);
  const replica = durability.mode === 'replicas' ? await startReplica(server.port) : null;
  try {
    await redis.config('SET', 'appendfsync', fsync);
    const config = pipelineConfig({ namespace: `bench-${label.replace(/\W+/g, '-')}` });
    const stores = createPipelineStores({
      redis,
      clock: systemClock,
      keys: appWideKeys(config.namespace),
      config,
    });
    const wait = createDurability(redis, durability);
    try {
      await wait.check();
    } catch (error) {
      return { label, skipped: (error as Error).message };
    }
    const times: number[] = [];
    let commands = 0;
    for (let n = 0; n < SUBMISSIONS; n += 1) {
      const created = await stores.generations.create({
        shop: 'bench.myshopify.com',
        kind: 'photo',
        productId: `gid://shopify/Product/${n}`,
        productTitle: `Product ${n}`,
        productImageUrl: null,
        sourceMediaIds: [],
        sourceImageUrls: ['https://example.com/a.png'],
        params: { model: 'nanobanana', prompt: `Scene ${n}`, outputFormat: 'png' },
        estimatedCredits: 3,
        priority: 'bulk',
      });
      const before = await commandCount(redis);
      const start = performance.now();
      const submittedAt = new Date().toISOString();
      const submitting = await stores.generations.transition(created.shop, created.id, {
        from: ['queued'],
        to: 'submitting',
        patch: { submittedAt, productAiAccount: 'bench-account' },
      });
      await stores.claims.take(generationFingerprint('bench-account', submitting), {
        shop: created.shop,
        generationId: created.id,
        submittedAt,
      });
      await wait.wait();
      times.push(performance.now() - start);
      commands += (await commandCount(redis)) - before;
    }
    times.sort((a, b) => a - b);
    return {
      label,
      p50: percentile(times, 50),
      p95: percentile(times, 95),
      commands: commands / SUBMISSIONS,
    };
  } finally {
    if (replica) await stopGroup(replica);
    await closeRedis(redis);
    await server.stop();
  }
}

const rows = [
  await run('none (everysec)', { mode: 'none', replicas: 0, timeoutMs: 1_000 }, 'everysec'),
  await run(
    'aof: WAITAOF 1 0 (everysec)',
    { mode: 'aof', replicas: 0, timeoutMs: 1_000 },
    'everysec',
  ),
  await run('none, appendfsync always', { mode: 'none', replicas: 0, timeoutMs: 1_000 }, 'always'),
  await run(
    'replicas: WAIT 1 (everysec)',
    { mode: 'replicas', replicas: 1, timeoutMs: 1_000 },
    'everysec',
  ),
];
console.log(`${version}, ${SUBMISSIONS} submissions each, the submit step's Redis part`);
for (const row of rows) {
  if ('skipped' in row) console.log(`${row.label.padEnd(30)} not measured: ${row.skipped}`);
  else
    console.log(
      `${row.label.padEnd(30)} p50 ${row.p50.toFixed(2)} ms  p95 ${row.p95.toFixed(2)} ms  ${row.commands.toFixed(1)} Redis commands`,
    );
}
process.exit(0);
