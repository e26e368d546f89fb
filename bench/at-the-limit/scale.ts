/**
 * The fair scheduler at 100, 1,000 and 10,000 installed shops
 *
 * For each size, a fresh private Redis and the app as production builds it
 * (bench/pipeline-support.ts), then:
 *  1. install N shops through the app's own stores: the offline session (sessions.ts) and the
 *     settings with a saved ProductAI key and the webhook token (shop-settings.ts), each shop
 *     with its own ProductAI account at the emulator. Memory per idle shop: used_memory's delta
 *     ÷ N, and MEMORY USAGE over the keys of a sample of shops (SCAN of the shop's prefix);
 *  2. 10% of the shops get a bulk backlog through the pipeline's own enqueue (generation store +
 *     pushNew, as a bulk run's items enter the line). Memory per waiting item: used_memory's
 *     delta ÷ items (the generation as stored, with its indexes) and the scheduler's own share
 *     (MEMORY USAGE of the lines, rings and line depths ÷ items). Then one read of a running
 *     bulk run's forecast (what its card on the Bulk runs page asks every 3 s): Redis commands
 *     and ms;
 *  3. with the workers still stopped, the dispatcher's steps per submission (hasWork, pop,
 *     disarm) for 2,000 bulk picks at every size (full turns of the backlog shops: 200 at 100
 *     shops, 2 at 10,000), while 50 other shops click (one each, spread over them). A picked bulk
 *     item is put back at the end of its shop's line (not measured), so the lines keep their
 *     depth (40 items at 100 shops, 6 at 1,000 and 10,000). Per submission: the client's time for the steps and for the pick, Redis's
 *     time in the pick script (the median: on a loaded machine the mean is the preemptions') and
 *     the Redis commands run (INFO commandstats deltas around each submission, commands run
 *     inside scripts included, INFO itself excluded).
 *     Fairness: bulk picks per backlog shop over the turns (spread = max - min; 0 when every
 *     shop had exactly one per turn) and the turns in which every backlog shop had exactly one;
 *  4. the workers start (compressed time: 15 per 3 s) and the 50 shops click again at random
 *     moments over 8 windows: a click's wait until its request left, in windows; and every Redis
 *     command of the running app up to the last click ÷ the requests sent meanwhile.
 *
 * Goals: per-submission cost at 10,000 shops within 1.5x of 100's; memory per idle shop <= 2 KB.
 * Run: node bench/at-the-limit/scale.ts [shops ...]   (100 1000 10000 by default)
 */
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import type { Redis } from '../../src/platform/redis/connection.ts';
import { shopKeyPattern } from '../../src/platform/keys.ts';
import { appWideKeys, queueKeys } from '../../src/pipeline/generations/keys.ts';
import type { StateCounts } from '../../src/pipeline/generations/generation-store.ts';
import { commandStats, commandsBetween, type CommandStats } from '../../dev/redis-command-stats.ts';
import { quantile, startBenchPipeline, type BenchPipeline } from '../pipeline-support.ts';
import { until } from '../../test/support/until.ts';

const LIMIT = 15;
const WINDOW_MS = 3_000;
const BACKLOG_SHARE = 0.1;
const CLICK_SHOPS = 50;
const LIVE_WINDOWS = 8;
/** Bulk picks measured at every size: the same count, so that sizes compare like for like. */
const MEASURED_BULK_PICKS = 2_000;
const turnsMeasured = (backlogShops: number) =>
  Math.max(2, Math.ceil(MEASURED_BULK_PICKS / backlogShops));
/** Bulk items per backlog shop: enough to keep the live run's limit busy (~400 in all). */
const itemsPerBacklogShop = (backlogShops: number) => Math.max(6, Math.ceil(400 / backlogShops));
const MEMORY_SAMPLE = 50;
const CONCURRENCY = 32;

export interface ScaleRow {
  shops: number;
  backlogShops: number;
  waitingItems: number;
  submissionUs: { p50: number; p95: number };
  pickUs: { p50: number; p95: number };
  pickScriptRedisUs: { p50: number; mean: number };
  commandsPerSubmission: number;
  /** Every Redis command of the running app (all stages) ÷ requests sent, in the live run. */
  liveCommandsPerRequest: number;
  /** One read of a running bulk run's forecast. */
  forecast: { commands: number; ms: number };
  idleShopBytes: { usedMemoryDelta: number; memoryUsage: number; keys: number };
  waitingItemBytes: { usedMemoryDelta: number; scheduler: number };
  fairness: { spread: number; fairTurns: string };
  clickWindows: { p50: number; p95: number; max: number };
  load: string;
}

const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

/** Runs `work` over `items`, `CONCURRENCY` at a time. */
async function inPool<T, R>(items: readonly T[], work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await work(items[index]!);
      }
    }),
  );
  return results;
}

async function usedMemory(redis: Redis): Promise<number> {
  return Number(/used_memory:(\d+)/.exec(await redis.info('memory'))![1]);
}

function statsDelta(
  before: CommandStats,
  after: CommandStats,
): { calls: number; evalshaUsec: number } {
  const evalsha = (after.get('evalsha')?.usec ?? 0) - (before.get('evalsha')?.usec ?? 0);
  return { calls: commandsBetween(before, after), evalshaUsec: evalsha };
}

async function memoryOfKeys(
  redis: Redis,
  pattern: string,
): Promise<{ bytes: number; keys: number }> {
  let bytes = 0;
  let keys = 0;
  let cursor = '0';
  do {
    const [nextCursor, found] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
    cursor = nextCursor;
    for (const key of found) {
      bytes += Number(await redis.call('MEMORY', 'USAGE', key, 'SAMPLES', '0'));
      keys += 1;
    }
  } while (cursor !== '0');
  return { bytes, keys };
}

/** Generations whose request has left (none is cancelled or fails in this benchmark). */
function sentRequests(counts: StateCounts): number {
  let sent = 0;
  for (const [state, count] of Object.entries(counts))
    if (!['queued', 'paused', 'submitting'].includes(state)) sent += count;
  return sent;
}

/** A shop installed as the app records one: its offline session and its settings with a key. */
async function install(bench: BenchPipeline, index: number): Promise<string> {
  const shop = await bench.newShop(`shop${index}`);
  const now = Date.now();
  await bench.app.sessions.save({
    shop,
    accessToken: `shpat_${randomBytes(16).toString('hex')}`,
    expiresAt: now + 60 * 60_000,
    refreshToken: `shprt_${randomBytes(16).toString('hex')}`,
    refreshTokenExpiresAt: now + 90 * 24 * 60 * 60_000,
    scope: 'write_products,write_files',
  });
  return shop;
}

async function measure(shops: number): Promise<ScaleRow> {
  const bench = await startBenchPipeline({
    limit: LIMIT,
    windowMs: WINDOW_MS,
    arrivalMarginMs: 1_000,
    deferWorkers: true,
  });
  try {
    const redis = bench.commands;
    const { scheduler } = bench.pipeline.internals;
    const lookahead = bench.pipeline.config.dispatcher.lookahead;

    // 1. Installed, idle shops.
    const memoryBefore = await usedMemory(redis);
    const all = await inPool(
      Array.from({ length: shops }, (_, i) => i),
      (i) => install(bench, i),
    );
    const idleDelta = (await usedMemory(redis)) - memoryBefore;
    let sampleBytes = 0;
    let sampleKeys = 0;
    for (const shop of all.slice(0, MEMORY_SAMPLE)) {
      const { bytes, keys } = await memoryOfKeys(redis, shopKeyPattern(shop));
      sampleBytes += bytes;
      sampleKeys += keys;
    }
    const sampled = Math.min(MEMORY_SAMPLE, shops);

    // 2. Backlogs: 10% of the shops; clicks come from 50 others.
    const backlogShops = all.slice(0, Math.round(shops * BACKLOG_SHARE));
    const clickShops = all.slice(backlogShops.length, backlogShops.length + CLICK_SHOPS);
    const perShop = itemsPerBacklogShop(backlogShops.length);
    const beforeBacklog = await usedMemory(redis);
    await inPool(backlogShops, async (shop) => {
      for (let n = 0; n < perShop; n += 1) await bench.enqueue(shop, 'bulk', n);
    });
    const waitingItems = backlogShops.length * perShop;
    const itemDelta = (await usedMemory(redis)) - beforeBacklog;
    const keys = appWideKeys(bench.pipeline.config.namespace);
    let schedulerBytes = 0;
    for (const key of [keys.ring('bulk'), keys.ringMembers('bulk'), keys.lineDepths('bulk')])
      schedulerBytes += Number(await redis.call('MEMORY', 'USAGE', key, 'SAMPLES', '0'));
    for (const shop of backlogShops)
      schedulerBytes += Number(
        await redis.call('MEMORY', 'USAGE', queueKeys.waiting(shop, 'bulk'), 'SAMPLES', '0'),
      );

    // A bulk run's forecast (its card on the Bulk runs page, read every 3 s while it runs).
    const beforeForecast = await commandStats(redis);
    const forecastStarted = performance.now();
    await bench.pipeline.forecaster.forecast(backlogShops[0]!, 'photo', perShop, perShop);
    const forecastMs = performance.now() - forecastStarted;
    const forecastCommands = statsDelta(beforeForecast, await commandStats(redis)).calls;

    // 3. The dispatcher's steps per submission, full turns of the backlog shops plus clicks.
    const turns = turnsMeasured(backlogShops.length);
    const bulkPicks = turns * backlogShops.length;
    const clickEvery = Math.max(1, Math.floor(bulkPicks / CLICK_SHOPS));
    const submissionUs: number[] = [];
    const pickUs: number[] = [];
    let commands = 0;
    const scriptUs: number[] = [];
    let submissions = 0;
    let clicked = 0;
    const bulkOrder: string[] = [];
    while (bulkOrder.length < bulkPicks) {
      if (clicked < clickShops.length && submissions % clickEvery === 0) {
        await bench.enqueue(clickShops[clicked]!, 'interactive', 100_000 + clicked);
        clicked += 1;
      }
      const before = await commandStats(redis);
      const started = performance.now();
      if (!(await scheduler.hasWork())) throw new Error('the line ran dry');
      const pickStarted = performance.now();
      const item = await scheduler.pop(lookahead);
      const picked = performance.now();
      if (item === null || item === 'busy') throw new Error(`unexpected pick: ${item}`);
      await scheduler.disarm(item);
      submissionUs.push((performance.now() - started) * 1000);
      pickUs.push((picked - pickStarted) * 1000);
      const delta = statsDelta(before, await commandStats(redis));
      commands += delta.calls;
      scriptUs.push(delta.evalshaUsec);
      submissions += 1;
      if (item.priority === 'bulk') {
        bulkOrder.push(item.shop);
        await scheduler.push(item);
      }
    }
    const perBacklogShop = new Map(backlogShops.map((shop) => [shop, 0]));
    for (const shop of bulkOrder) perBacklogShop.set(shop, perBacklogShop.get(shop)! + 1);
    const counts = [...perBacklogShop.values()];
    let fairTurns = 0;
    for (let turn = 0; turn < turns; turn += 1) {
      const block = bulkOrder.slice(turn * backlogShops.length, (turn + 1) * backlogShops.length);
      if (new Set(block).size === backlogShops.length) fairTurns += 1;
    }

    // 4. Live: the workers send the backlog; the 50 shops click at random moments.
    const liveBefore = await commandStats(redis);
    await bench.startWorkers();
    await new Promise((resolve) => setTimeout(resolve, WINDOW_MS));
    const clicks = await Promise.all(
      clickShops.map(async (shop, i) => {
        await new Promise((resolve) =>
          setTimeout(resolve, Math.random() * LIVE_WINDOWS * WINDOW_MS),
        );
        const at = Date.now();
        const generation = await bench.enqueue(shop, 'interactive', 200_000 + i);
        return { shop, id: generation.id, at };
      }),
    );
    // Up to the last click, before this script's own reads of the clicks.
    const liveCommands = statsDelta(liveBefore, await commandStats(redis)).calls;
    const sent = sentRequests(await bench.pipeline.generations.countByStateAppWide());
    const waits: number[] = [];
    await until(
      'every click sent',
      async () => {
        waits.length = 0;
        for (const click of clicks) {
          const generation = await bench.pipeline.generations.get(click.shop, click.id);
          if (!generation?.submittedAt) return false;
          waits.push((Date.parse(generation.submittedAt) - click.at) / WINDOW_MS);
        }
        return true;
      },
      { deadlineMs: 10 * LIVE_WINDOWS * WINDOW_MS },
    );

    return {
      shops,
      backlogShops: backlogShops.length,
      waitingItems,
      submissionUs: { p50: quantile(submissionUs, 0.5), p95: quantile(submissionUs, 0.95) },
      pickUs: { p50: quantile(pickUs, 0.5), p95: quantile(pickUs, 0.95) },
      pickScriptRedisUs: {
        p50: quantile(scriptUs, 0.5),
        mean: scriptUs.reduce((sum, us) => sum + us, 0) / submissions,
      },
      commandsPerSubmission: commands / submissions,
      liveCommandsPerRequest: liveCommands / sent,
      forecast: { commands: forecastCommands, ms: forecastMs },
      idleShopBytes: {
        usedMemoryDelta: idleDelta / shops,
        memoryUsage: sampleBytes / sampled,
        keys: sampleKeys / sampled,
      },
      waitingItemBytes: {
        usedMemoryDelta: itemDelta / waitingItems,
        scheduler: schedulerBytes / waitingItems,
      },
      fairness: {
        spread: Math.max(...counts) - Math.min(...counts),
        fairTurns: `${fairTurns}/${turns}`,
      },
      clickWindows: {
        p50: quantile(waits, 0.5),
        p95: quantile(waits, 0.95),
        max: Math.max(...waits),
      },
      load: load(),
    };
  } finally {
    await bench.stop();
  }
}

const f = (value: number, digits = 0) =>
  value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

function printTable(rows: readonly ScaleRow[]): void {
  console.log(
    `Compressed time for the clicks: ${LIMIT} per ${WINDOW_MS} ms; ${BACKLOG_SHARE * 100}% of the shops with a bulk backlog, clicks from ${CLICK_SHOPS} others.`,
  );
  console.log(
    '| shops | backlog shops (items) | µs per submission p50/p95 | µs per pick p50/p95 | pick script in Redis µs p50 (mean) | Redis commands per submission | Redis commands per request, whole app live | a run’s forecast: Redis commands, ms | bytes per idle shop: used_memory Δ / MEMORY USAGE (keys) | bytes per waiting item: all / scheduler | fairness spread (fair turns) | click wait p50/p95/max, windows | load average |',
  );
  console.log('|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|');
  for (const row of rows) {
    console.log(
      `| ${f(row.shops)} | ${f(row.backlogShops)} (${f(row.waitingItems)}) | ${f(row.submissionUs.p50)} / ${f(row.submissionUs.p95)} | ${f(row.pickUs.p50)} / ${f(row.pickUs.p95)} | ${f(row.pickScriptRedisUs.p50)} (${f(row.pickScriptRedisUs.mean, 1)}) | ${f(row.commandsPerSubmission, 2)} | ${f(row.liveCommandsPerRequest)} | ${f(row.forecast.commands)}, ${f(row.forecast.ms, 1)} | ${f(row.idleShopBytes.usedMemoryDelta)} / ${f(row.idleShopBytes.memoryUsage)} (${f(row.idleShopBytes.keys, 1)}) | ${f(row.waitingItemBytes.usedMemoryDelta)} / ${f(row.waitingItemBytes.scheduler)} | ${row.fairness.spread} (${row.fairness.fairTurns}) | ${f(row.clickWindows.p50, 2)} / ${f(row.clickWindows.p95, 2)} / ${f(row.clickWindows.max, 2)} | ${row.load} |`,
    );
  }
  const first = rows[0]!;
  const last = rows[rows.length - 1]!;
  if (rows.length > 1) {
    console.log(
      `Per-submission cost at ${f(last.shops)} ÷ ${f(first.shops)} shops (goal ≤ 1.5): Redis commands ${(last.commandsPerSubmission / first.commandsPerSubmission).toFixed(2)}, pick script in Redis p50 ${(last.pickScriptRedisUs.p50 / first.pickScriptRedisUs.p50).toFixed(2)}, client µs per submission p50 ${(last.submissionUs.p50 / first.submissionUs.p50).toFixed(2)}.`,
    );
  }
  console.log(
    `Memory per idle shop (goal ≤ 2,048 bytes; used_memory Δ also spreads fixed costs, scripts and buffers, over the shops, so it reads true at the largest size): ${rows.map((row) => `${f(row.idleShopBytes.memoryUsage)} (MEMORY USAGE) / ${f(row.idleShopBytes.usedMemoryDelta)} (used_memory Δ) at ${f(row.shops)}`).join('; ')}.`,
  );
}

async function run(sizes: readonly number[]): Promise<void> {
  const rows: ScaleRow[] = [];
  for (const shops of [...sizes].sort((a, b) => a - b)) rows.push(await measure(shops));
  printTable(rows);
}

const sizes = process.argv.slice(2).map(Number);
await run(sizes.length > 0 ? sizes : [100, 1_000, 10_000]);
