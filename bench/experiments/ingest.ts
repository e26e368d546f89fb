/**
 * Benchmark: storefront event batches into one web process (POST /experiments/events), and the
 * Redis memory of the experiments they feed. The app runs as production runs it (`node
 * web/server/main.ts`, a process of its own, LOG_LEVEL info by default, its access log written
 * to /dev/null: its cost is counted) on a private Redis; this script is the clients.
 *
 *  - EXPERIMENTS experiments (2 arms, 7 days), each in a shop of its own, within the default
 *    per-experiment budget; the per-address budget is lifted (every client is 127.0.0.1);
 *  - a batch is one visitor's EVENTS_PER_BATCH events in one experiment, the visitor drawn from
 *    VISITORS per experiment (so visitors come back, as shoppers do), its arm fixed by its id;
 *    events are exposures, views, adds to cart (1 in 5) and orders (1 in 25), and a batch in 10
 *    is sent twice (a beacon's retry);
 *  - at a steady RATE events a second for SECONDS (open loop, as shoppers' browsers send: a
 *    batch leaves on time whatever the others wait for; its latency counts from then), on up to
 *    CONNECTIONS keep-alive connections: the latency at that rate (target: 2000 events/s with a
 *    p99 within 50 ms);
 *  - then as fast as CONNECTIONS connections go (each posting as soon as its last batch was
 *    answered) for SECONDS: the most the process takes;
 *  - then the memory per experiment (MEMORY USAGE): the fixed part (record, counters, the arms'
 *    HyperLogLogs) and the visitors' cap states, apart (they grow with visitors, and expire);
 *  - and the fixed part at its largest: an experiment of 4 arms and 90 days whose HyperLogLogs
 *    are dense (thousands of visitors per arm), recorded through the store directly.
 *
 *   node bench/experiments/ingest.ts [seconds=20] [rate=2000] [connections=50]
 *                 [eventsPerBatch=10] [experiments=16] [visitors=20000] [logLevel=info]
 */
import { execSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { Agent, request } from 'node:http';
import {
  createExperimentEventStore,
  MAX_SLOTS,
} from '../../src/features/experiments/event-store.ts';
import type { EventBatch } from '../../src/app/index.ts';
import type { Redis } from '../../src/platform/redis/connection.ts';
import { startAppStack } from '../bulk-app-stack.ts';
import { quantile } from '../pipeline-support.ts';
import { cpuMs, startWeb } from '../web-process.ts';

const seconds = Number(process.argv[2] ?? 20);
const rate = Number(process.argv[3] ?? 2_000);
const connections = Number(process.argv[4] ?? 50);
const eventsPerBatch = Number(process.argv[5] ?? 10);
const experimentCount = Number(process.argv[6] ?? 16);
const visitorsPerExperiment = Number(process.argv[7] ?? 20_000);
const logLevel = process.argv[8] ?? 'info';
const ARMS = ['original', 'ai-1'];

function post(agent: Agent, url: string, body: string): Promise<number> {
  return new Promise((resolve) => {
    const req = request(url, {
      agent,
      method: 'POST',
      headers: { 'Content-Type': 'text/plain;charset=UTF-8' },
    });
    req.once('response', (res) => {
      res.resume();
      res.once('end', () => resolve(res.statusCode ?? 0));
    });
    // A connection refused or reset is an answer the bench counts (status 0), not its end.
    req.once('error', () => resolve(0));
    req.end(body);
  });
}

function eventOf(i: number): EventBatch['events'][number] {
  const id = randomUUID();
  if (i % 25 === 24) return { id, type: 'checkout_completed', amount: 20 + (i % 80) };
  if (i % 5 === 4) return { id, type: 'product_added_to_cart' };
  return { id, type: i % 2 === 0 ? 'exposure' : 'product_viewed' };
}

async function memoryUsage(redis: Redis, keys: string[]): Promise<number> {
  let bytes = 0;
  for (const key of keys) bytes += Number((await redis.memory('USAGE', key, 'SAMPLES', '0')) ?? 0);
  return bytes;
}

async function keysMatching(redis: Redis, pattern: string): Promise<string[]> {
  const found: string[] = [];
  for await (const keys of redis.scanStream({ match: pattern, count: 1000 }) as AsyncIterable<
    string[]
  >)
    found.push(...keys);
  return found;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

const stack = await startAppStack({ productCount: 1, shopifyInOwnProcess: true });
const { redis } = stack.deps;
const store = createExperimentEventStore(redis);
const web = await startWeb({
  ...stack.env,
  LOG_LEVEL: logLevel,
  PIXEL_RATE_LIMIT_BURST: '1000000',
  PIXEL_RATE_LIMIT_PER_MINUTE: '60000000',
});
try {
  const experiments = Array.from({ length: experimentCount }, (_, i) => ({
    shop: `bench-experiments-${i}.myshopify.com`,
    id: `exp-${i}`,
  }));
  for (const { shop, id } of experiments)
    await store.open(shop, { id, arms: ARMS, startsAtMs: Date.now(), days: 7 });
  const url = `${web.url}/experiments/events`;
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  let sequence = 0;
  const batchOf = (n: number): string => {
    const experiment = experiments[n % experiments.length]!;
    const visitor = `visitor-${Math.floor(Math.random() * visitorsPerExperiment)}`;
    return JSON.stringify({
      shop: experiment.shop,
      experiment: experiment.id,
      arm: ARMS[Number(visitor.slice(8)) % ARMS.length],
      visitor,
      events: Array.from({ length: eventsPerBatch }, (_, i) => eventOf(n * eventsPerBatch + i)),
    });
  };

  interface Run {
    latencies: number[];
    statuses: Record<number, number>;
    events: number;
    seconds: number;
    /** The web process's CPU time over the run. */
    cpuMs: number;
  }
  const newRun = (): Run => ({ latencies: [], statuses: {}, events: 0, seconds: 0, cpuMs: 0 });
  /** Sends batch `n` (twice for one in ten), timed from `since`. */
  async function send(run: Run, n: number, since: number): Promise<void> {
    const body = batchOf(n);
    for (let time = 0; time < (n % 10 === 9 ? 2 : 1); time += 1) {
      const status = await post(agent, url, body);
      run.latencies.push(performance.now() - since);
      run.statuses[status] = (run.statuses[status] ?? 0) + 1;
      run.events += eventsPerBatch;
    }
  }
  async function steady(forSeconds: number): Promise<Run> {
    const run = newRun();
    const everyMs = (1000 * eventsPerBatch) / rate;
    const cpuBefore = cpuMs(web.pid!);
    const started = performance.now();
    const pending: Promise<void>[] = [];
    for (let i = 0; i * everyMs < forSeconds * 1000; i += 1) {
      const due = started + i * everyMs;
      const wait = due - performance.now();
      if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
      pending.push(send(run, sequence++, due));
    }
    await Promise.all(pending);
    run.seconds = (performance.now() - started) / 1000;
    run.cpuMs = cpuMs(web.pid!) - cpuBefore;
    return run;
  }
  async function flat(forSeconds: number): Promise<Run> {
    const run = newRun();
    const cpuBefore = cpuMs(web.pid!);
    const started = performance.now();
    const until = started + forSeconds * 1000;
    await Promise.all(
      Array.from({ length: connections }, async () => {
        while (performance.now() < until) await send(run, sequence++, performance.now());
      }),
    );
    run.seconds = (performance.now() - started) / 1000;
    run.cpuMs = cpuMs(web.pid!) - cpuBefore;
    return run;
  }
  const load = () => execSync('uptime').toString().trim();
  const report = (name: string, run: Run) => {
    const ms = (q: number) => quantile(run.latencies, q).toFixed(1);
    console.log(
      `  ${name}: ${Math.round(run.events / run.seconds)} events/s (${run.latencies.length} batches, ${Math.round(run.latencies.length / run.seconds)}/s); latency p50 ${ms(0.5)} ms, p99 ${ms(0.99)} ms, max ${ms(1)} ms; ${Object.entries(
        run.statuses,
      )
        .map(([status, n]) => `${n}× ${status}`)
        .join(
          ', ',
        )}; web process CPU ${((100 * run.cpuMs) / 1000 / run.seconds).toFixed(0)}% of a core, ${Math.round((1000 * run.cpuMs) / run.latencies.length)} µs a batch`,
    );
  };

  await flat(2); // warm-up: connections, JIT, scripts loaded
  // What the web process spends with no request at all (its timers, its Redis connections).
  const idleBefore = cpuMs(web.pid!);
  await new Promise((resolve) => setTimeout(resolve, 5_000));
  const idlePercent = (100 * (cpuMs(web.pid!) - idleBefore)) / 5_000;
  console.log(
    `Experiment events into one web process: ${eventsPerBatch} events a batch (1 in 10 sent twice), ${experimentCount} experiments × ${visitorsPerExperiment} visitors, up to ${connections} connections, ${seconds} s a phase, LOG_LEVEL=${logLevel}`,
  );
  console.log(`  load before: ${load()}`);
  console.log(`  web process CPU idle: ${idlePercent.toFixed(0)}% of a core`);
  report(`steady ${rate} events/s (target: p99 ≤ 50 ms)`, await steady(seconds));
  console.log(`  load between: ${load()}`);
  report(`flat out, ${connections} connections`, await flat(seconds));
  console.log(`  load after: ${load()}`);
  agent.destroy();

  for (const { shop, id } of experiments.slice(0, 2)) {
    const prefix = `pai:{${shop}}:experiments:${id}`;
    const fixedKeys = [
      prefix,
      `${prefix}:counters`,
      ...ARMS.map((arm) => `${prefix}:visitors:${arm}`),
    ];
    const fixed = await memoryUsage(redis, fixedKeys);
    const visitorKeys = await keysMatching(redis, `${prefix}:visitor:*`);
    const perVisitor = await memoryUsage(redis, visitorKeys);
    const [control, treatment] = (await store.totals(shop, id, Date.now()))!;
    console.log(
      `  ${shop} ${id}: fixed ${kb(fixed)} (record, counters, 2 HyperLogLogs; target ≤ 64 KB); visitors' cap states ${kb(perVisitor)} for ${visitorKeys.length} visitors (${Math.round(perVisitor / Math.max(1, visitorKeys.length))} B each, expiring); visitors counted ${control!.overall.viewed.visitors} + ${treatment!.overall.viewed.visitors}`,
    );
  }

  // The fixed part at its largest: 4 arms for as many days as they may have, dense HyperLogLogs.
  const largest = { shop: 'bench-experiments-largest.myshopify.com', id: 'exp-largest' };
  const arms = ['original', 'ai-1', 'ai-2', 'ai-3'];
  const days = MAX_SLOTS / arms.length;
  await store.open(largest.shop, { id: largest.id, arms, startsAtMs: Date.now(), days });
  const perArm = 5_000;
  for (let start = 0; start < perArm * arms.length; start += 500)
    await Promise.all(
      Array.from({ length: 500 }, (_, i) => {
        const n = start + i;
        return store.record(
          {
            ...largest,
            experiment: largest.id,
            arm: arms[n % arms.length]!,
            visitor: `visitor-${n}`,
            events: [eventOf(n), eventOf(n + 24)],
          },
          Date.now(),
        );
      }),
    );
  const prefix = `pai:{${largest.shop}}:experiments:${largest.id}`;
  const fixed = await memoryUsage(redis, [
    prefix,
    `${prefix}:counters`,
    ...arms.map((arm) => `${prefix}:visitors:${arm}`),
  ]);
  const hll = await memoryUsage(redis, [`${prefix}:visitors:${arms[0]}`]);
  const counters = await memoryUsage(redis, [`${prefix}:counters`]);
  console.log(
    `  largest experiment (4 arms, ${days} days, ${perArm} visitors per arm): fixed ${kb(fixed)} (a dense HyperLogLog ${kb(hll)}, counters ${kb(counters)}; target ≤ 64 KB)`,
  );
} finally {
  const exited = once(web, 'exit');
  web.kill('SIGTERM');
  await exited;
  await stack.stop();
}
