/**
 * The fault bench: a bulk run of N products through the app's web and worker
 * processes of the demo's whole stack (dev/stack.ts: Redis with its append-only file, the
 * Shopify and ProductAI emulators), driven through the app's API as the app home drives it,
 * with a schedule of faults on the way (faults/schedule.ts): Shopify's Admin API answering 502,
 * ProductAI's job reads answering 503 (its webhooks dropped) for longer than the wait deadline,
 * ProductAI's intake creating jobs seconds after the app's request gave up, the worker and Redis
 * `kill -9`ed, and a second shop FLOODING the API (four-result clicks and bulk runs on many
 * connections: its quotas answer 429) while a third shop's clicks are timed throughout.
 *
 * Then it prints what its goals are measured by: every shop's generations by final
 * state, ProductAI jobs charged ÷ generations (the emulator's job records), paid results lost
 * (neither on the product nor waiting in review), the time from the last fault's end to the last
 * generation settled, and the third shop's click p95 idle (before the run and after it, as the
 * machine's own load moves) against during the flood and the whole run, with where the machine's
 * time went meanwhile (faults/probes.ts: CPU per process, the web process's event loop). A
 * script that prints figures, not a test.
 *
 * Time compressed as bench/fidelity/demo-run.ts does (short ProductAI jobs, quick media
 * processing, a 6 s rate-limit window) and through the app's own configuration, which the app
 * processes read from the environment as in production: the wait deadline
 * (PIPELINE_POLL_DEADLINE_MS, 15 min for photos in production) sized from the emulator's render
 * rate measured before the run (faults/wait-deadline.ts; `--wait-deadline-s N` fixes it), at
 * least 60 s, which the ProductAI outage should outlast (the bench says when it does not); a
 * request's timeout (PIPELINE_SUBMIT_TIMEOUT_MS, 30 s) 5 s, so a slow intake
 * outlasts it by seconds; a shop's pending generations (SHOP_PENDING_GENERATIONS_MAX, 500) 100,
 * so the flood reaches it in seconds and its generations drain in minutes. The fidelity check
 * is off in the worker (FIDELITY_THREADS=0: its thread took ~0.65 of a core of the two here and
 * is not what this measures); everything else runs as in production.
 *
 *   node bench/faults.ts [--products 100] [--job-ms 1500] [--rate-window-ms 6000]
 *     [--productai-outage-at-s 5] [--productai-outage-s 90] [--wait-deadline-s auto]
 *     [--slow-intake-at-s 60] [--slow-intakes 3] [--submit-timeout-s 5] [--intake-late-s 3]
 *     [--shopify-outage-at-s 100] [--shopify-outage-s 120]
 *     [--worker-kills-at-s 30,110,200] [--worker-down-s 2]
 *     [--redis-kills-at-s 80,170] [--redis-down-s 1]
 *     [--flood-at-s 230] [--flood-s 120] [--flood-connections 20] [--flood-bulk-every 10]
 *     [--pending-cap 100] [--idle-clicks 60] [--click-every-s 2] [--deadline-min 30]
 *     [--web-cpu-prof DIR] [--app-cores 0]
 *
 * The default schedule lets each fault meet the work it is about: the run's first results are
 * made while ProductAI's reads fail (they wait in `processing` past the deadline), are read back
 * into `saving` just before Shopify fails (they wait there), the slow intake leaves a submission
 * `uncertain` (which holds the run's fingerprint until reconciliation finds its job:
 * limits/submission-claims.ts), and the flood comes while the saving backlog drains, so that its
 * results and the timed shop's take turns with the run's (limits/stage-turns.ts). An empty list
 * (`--worker-kills-at-s ''`) or a duration of 0 leaves that fault out; `--flood-connections 0`
 * keeps the flood's slot with no flood in it, the control for the flood's clicks (the run's
 * saving backlog drains then too, and the emulators serve it on the same cores).
 *
 * The app's processes (web, worker, Redis) run on `--app-cores` (core 0), everything that stands
 * for the world outside the app (the emulators, the shops' clients, this process) on the other
 * cores, as the app's host runs the app alone in production (faults/cores.ts); `--app-cores ''`
 * runs every process on every core. The flood lasts 120 s and each idle window 60 clicks, a
 * click every 2 s: a p95 of 30 clicks is their second slowest, and it moved the flood's ratio
 * between 0.82× and 1.76× over runs of the same code (docs/benchmarks.md).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { setTimeout as delay } from 'node:timers/promises';
import { freePort } from '../dev/free-port.ts';
import { DEMO, startStack } from '../dev/stack.ts';
import type { BulkRunView, CreateBulkRunRequest, GenerationView } from '../src/app-api/contract.ts';
import { demoProducts } from '../test/browser/support/merchant.ts';
import { appApi, appRequest } from './fidelity/demo-run/app-api.ts';
import { startClicker, startFlood, type FloodAnswers } from './faults/children.ts';
import { accountJobs, readFigures, settled, type Figures } from './faults/figures.ts';
import { workerControl } from './faults/processes.ts';
import { appPinner, coreSplit, pin } from './faults/cores.ts';
import { childrenMatching, startProbes } from './faults/probes.ts';
import { clickLines, figureLines, probeLines, settleLines } from './faults/report.ts';
import { runSchedule } from './faults/schedule.ts';
import { benchShop, type BenchShop } from './faults/shops.ts';
import { sizeWaitDeadline } from './faults/wait-deadline.ts';
import { defaultPipelineConfig } from '../src/pipeline/config.ts';

const { values: args } = parseArgs({
  options: {
    products: { type: 'string', default: '100' },
    'job-ms': { type: 'string', default: '1500' },
    'rate-window-ms': { type: 'string', default: '6000' },
    'shopify-outage-at-s': { type: 'string', default: '100' },
    'shopify-outage-s': { type: 'string', default: '120' },
    'productai-outage-at-s': { type: 'string', default: '5' },
    'productai-outage-s': { type: 'string', default: '90' },
    'wait-deadline-s': { type: 'string', default: 'auto' },
    'slow-intake-at-s': { type: 'string', default: '60' },
    'slow-intakes': { type: 'string', default: '3' },
    'submit-timeout-s': { type: 'string', default: '5' },
    'intake-late-s': { type: 'string', default: '3' },
    'worker-kills-at-s': { type: 'string', default: '30,110,200' },
    'worker-down-s': { type: 'string', default: '2' },
    'redis-kills-at-s': { type: 'string', default: '80,170' },
    'redis-down-s': { type: 'string', default: '1' },
    'flood-at-s': { type: 'string', default: '230' },
    'flood-s': { type: 'string', default: '120' },
    'flood-connections': { type: 'string', default: '20' },
    'flood-bulk-every': { type: 'string', default: '10' },
    'pending-cap': { type: 'string', default: '100' },
    'idle-clicks': { type: 'string', default: '60' },
    'click-every-s': { type: 'string', default: '2' },
    'deadline-min': { type: 'string', default: '30' },
    'web-cpu-prof': { type: 'string', default: '' },
    'app-cores': { type: 'string', default: '0' },
  },
});
const seconds = (name: keyof typeof args) => Number(args[name]) * 1000;
const times = (name: keyof typeof args) =>
  String(args[name])
    .split(',')
    .filter((s) => s.trim() !== '')
    .map((s) => Number(s) * 1000);
const productCount = Number(args.products);
const deadline = Date.now() + Number(args['deadline-min']) * 60_000;
/**
 * How often every shop's generations are read (all pages, as Activity lists them): the bench's
 * own load on the web process, the same in every window but idle, so not too often.
 */
const POLL_MS = 5_000;
/** Clicks before the idle window, not counted: the shop's first token, a cold process. */
const WARM_UP_CLICKS = 5;
const SHOPS = {
  other: { shop: 'other-store.myshopify.com', key: 'other-productai-key' },
  flood: { shop: 'flood-store.myshopify.com', key: 'flood-productai-key' },
};

// The app processes read their configuration from the environment (dev/stack.ts passes this
// one on), compressed as the header says.
Object.assign(process.env, {
  FIDELITY_THREADS: '0',
  ...(args['wait-deadline-s'] === 'auto'
    ? {}
    : { PIPELINE_POLL_DEADLINE_MS: String(seconds('wait-deadline-s')) }),
  PIPELINE_SUBMIT_TIMEOUT_MS: String(seconds('submit-timeout-s')),
  SHOP_PENDING_GENERATIONS_MAX: String(args['pending-cap']),
});
// The app on its cores, the world outside it on the others (faults/cores.ts): pinned first, so
// that every process this one starts is outside until it is found to be the app's.
const cores = coreSplit(args['app-cores']);
if (cores && !(await pin(process.pid, cores.outside)))
  throw new Error(
    "taskset could not pin the bench's processes (util-linux); --app-cores '' runs without",
  );
const pinApp = cores && appPinner(cores);
const metrics = { token: randomBytes(18).toString('base64url'), port: await freePort() };
const logs = join(mkdtempSync(join(tmpdir(), 'faults-')), 'app');
const started = Date.now();
const stack = await startStack({
  jobMs: Number(args['job-ms']),
  productAiCredits: 1_000_000,
  mediaProcessingMs: 300,
  rateLimitWindowMs: Number(args['rate-window-ms']),
  logLevel: 'warn',
  logFiles: logs,
  // The web process's metrics (its event loop), on a port of its own; with `--web-cpu-prof DIR`,
  // its CPU profile written there when it stops (node --cpu-prof: where its time went).
  processEnv: {
    web: {
      METRICS_TOKEN: metrics.token,
      METRICS_PORT: String(metrics.port),
      ...(args['web-cpu-prof']
        ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${args['web-cpu-prof']}` }
        : {}),
    },
  },
  // Its renders off this process's loop, which runs the Shopify emulator the clicks call, and
  // on the outside cores' spare time (the lowest priority: at nice 10 its render threads still
  // held up the Shopify emulator's answers there): they stand for ProductAI's own servers.
  productAiInOwnProcess: true,
  productAiNiceness: 19,
});
const worker = workerControl(stack, `${logs}-worker.log`);
const stopAll = async () => {
  await worker.stop();
  await stack.stop();
};
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void stopAll().finally(() => process.exit(130)));
}

const elapsed = (from = started) => `${((Date.now() - from) / 1000).toFixed(0)} s`;
const log = (line: string) => console.log(line);
const caller = (shop: BenchShop) => ({
  appUrl: stack.appUrl,
  shop: shop.stack.shop,
  apiKey: DEMO.apiKey,
  apiSecret: DEMO.apiSecret,
});

/** The app's API as the demo store's merchant; 429s waited out. */
const call = appRequest(stack);

/** Resolves once `clicks` has `count` more entries than now. */
async function clicksMore(clicks: readonly unknown[], count: number): Promise<void> {
  const target = clicks.length + count;
  while (clicks.length < target) await delay(200);
}

try {
  // The shop under faults (the demo store), the timed shop, the flooding shop.
  const runShop = await benchShop(stack, stack.shop, stack.productAiKey, { clicksOf: 0 });
  const other = await benchShop(stack, SHOPS.other.shop, SHOPS.other.key);
  const flood = await benchShop(stack, SHOPS.flood.shop, SHOPS.flood.key, { results: 4 });

  // The demo's store seeds 80 products (dev/stack.ts sets no other count): the rest of the run
  // is made of products added as a merchant adds them (one image each), through the emulator.
  const withImages = async () => (await demoProducts(stack)).filter((p) => p.mediaCount > 0);
  let all = await withImages();
  const wanted = Math.min(productCount, 250);
  for (let i = all.length; i < wanted; i += 1) {
    const response = await fetch(`${stack.shopify.url}/__emulator/shops/${stack.shop}/products`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ title: `Fault bench product ${i + 1}`, images: 1 }),
    });
    if (!response.ok) throw new Error(`adding a product: ${response.status}`);
  }
  if (all.length < wanted) {
    log(`(added ${wanted - all.length} products with one image to the store's ${all.length})`);
    all = await withImages();
  }
  const chosen = all.slice(0, wanted);

  // Before any generation: the wait deadline sized from the emulator's render rate now, and the
  // worker started again with it (the stack's processes read it at start).
  let waitDeadline = `${args['wait-deadline-s']} s (given)`;
  if (args['wait-deadline-s'] === 'auto') {
    const floodOn = seconds('flood-s') > 0 && Number(args['flood-connections']) > 0;
    const sized = await sizeWaitDeadline({
      stack,
      model: runShop.settings.defaults.model,
      prompt: runShop.settings.presets[0]!.prompt,
      jobMs: Number(args['job-ms']),
      limit: defaultPipelineConfig().limiter.limit,
      windowMs: Number(args['rate-window-ms']),
      jobs: chosen.length + (floodOn ? Number(args['pending-cap']) : 0),
    });
    stack.env.PIPELINE_POLL_DEADLINE_MS = String(sized.deadlineMs);
    await worker.restart();
    waitDeadline = `${sized.deadlineMs / 1000} s (load ${loadavg()[0]!.toFixed(1)}: ${sized.why})`;
    log(`wait deadline ${waitDeadline}`);
  }
  const deadlineS = Number(stack.env.PIPELINE_POLL_DEADLINE_MS ?? 0) / 1000;
  if (seconds('productai-outage-s') > 0 && seconds('productai-outage-s') / 1000 <= deadlineS)
    log(
      `note: the ProductAI outage (${args['productai-outage-s']} s) does not outlast the wait ` +
        `deadline (${deadlineS} s): pass a longer --productai-outage-s to show the deadline waits`,
    );

  // The timed shop clicks Generate from now to the end, in a process of its own.
  const clicker = startClicker({
    caller: caller(other),
    requests: other.clicks,
    everyMs: seconds('click-every-s'),
  });
  let floodPid: number | undefined;
  const roles = {
    web: 'web/server/main.ts',
    worker: 'web/worker/main.ts',
    redis: 'redis-server',
    'productai emulator': 'emulators/productai/cli.ts',
  };
  // Looked up every 2 s (a worker or Redis started again has a new pid, to be measured and moved
  // to the app's cores): a look reads /proc whole, on the outside cores.
  let found = new Map<string, number>();
  let foundAt = 0;
  const probes = startProbes({
    pids: async () => {
      if (Date.now() - foundAt >= 2_000) {
        found = await childrenMatching(Object.values(roles));
        foundAt = Date.now();
        const app = [roles.web, roles.worker, roles.redis].map((role) => found.get(role));
        await pinApp?.(app.filter((pid) => pid !== undefined));
      }
      return {
        ...Object.fromEntries(Object.entries(roles).map(([role, n]) => [role, found.get(n)])),
        clicker: clicker.pid,
        flooder: floodPid,
      };
    },
    webMetrics: { url: `http://127.0.0.1:${metrics.port}/metrics`, token: metrics.token },
  });
  await clicksMore(clicker.clicks, WARM_UP_CLICKS);
  probes.open('idle before');
  await clicksMore(clicker.clicks, Number(args['idle-clicks']));
  await probes.close('idle before');

  log(
    `# Fault bench: ${new Date().toISOString()}; bulk run of ${chosen.length} products ` +
      `(photo, ${runShop.settings.defaults.model}), ProductAI jobs ${args['job-ms']} ms, rate window ` +
      `${args['rate-window-ms']} ms, wait deadline ${waitDeadline}, request timeout ` +
      `${args['submit-timeout-s']} s, pending cap ${args['pending-cap']}; ` +
      (cores
        ? `the app on cores ${cores.app}, the outside on ${cores.outside}`
        : 'every process on every core') +
      `; app logs ${logs}-*.log`,
  );
  const request: CreateBulkRunRequest = {
    target: { type: 'products', productIds: chosen.map((p) => p.id) },
    kind: 'photo',
    model: runShop.settings.defaults.model,
    prompt: runShop.settings.presets[0]!.prompt,
    imagesPerProduct: 1,
    includeDone: true,
  };
  const run = await call<BulkRunView>('POST', '/bulk-runs', request);
  const runStart = Date.now();
  probes.open('run');
  const at = (ms: number) => delay(Math.max(0, runStart + ms - Date.now()));
  let lastFaultEnd = runStart;
  const faultEnded = (what: string) => {
    lastFaultEnd = Math.max(lastFaultEnd, Date.now());
    log(`  ${elapsed(runStart)}: ${what}`);
  };
  const faultBegan = (what: string) => log(`  ${elapsed(runStart)}: ${what}`);
  /** The generations waiting for ProductAI when its outage ends (their shops). */
  const waitingOnProductAi = new Map<string, BenchShop>();
  const schedule = runSchedule(
    stack,
    worker,
    {
      shopifyOutage: { atMs: seconds('shopify-outage-at-s'), forMs: seconds('shopify-outage-s') },
      productAiOutage: {
        atMs: seconds('productai-outage-at-s'),
        forMs: seconds('productai-outage-s'),
        beforeEnd: async () => {
          for (const shop of [runShop, other, flood]) {
            for (const g of await appApi(shop.stack).generations())
              if (g.waitingFor === 'productai') waitingOnProductAi.set(g.id, shop);
          }
        },
      },
      slowIntake: {
        atMs: seconds('slow-intake-at-s'),
        submissions: Number(args['slow-intakes']),
        delayMs: seconds('submit-timeout-s') + seconds('intake-late-s'),
      },
      workerKillsAtMs: times('worker-kills-at-s'),
      workerDownMs: seconds('worker-down-s'),
      redisKillsAtMs: times('redis-kills-at-s'),
      redisDownMs: seconds('redis-down-s'),
    },
    at,
    faultEnded,
    faultBegan,
  );

  // The flood: four-result clicks on the flooding shop's products and, every so often, a bulk
  // run over ten of them, on many connections at once. On no connection (a control run), its
  // slot is still a window: the timed shop's clicks then, under the same schedule's work and
  // emulators, are what the flood's are compared with.
  let floodAnswers: FloodAnswers | null = null;
  const flooding = (async () => {
    if (seconds('flood-s') <= 0) return;
    await at(seconds('flood-at-s'));
    if (Number(args['flood-connections']) === 0) {
      probes.open('flood');
      faultBegan(`the flood's slot, no flood (control) for ${args['flood-s']} s`);
      await delay(seconds('flood-s'));
      await probes.close('flood');
      faultBegan(`the flood's slot over (not a fault: the last fault's end stays as it was)`);
      return;
    }
    const running = startFlood({
      caller: caller(flood),
      clicks: flood.clicks,
      bulkRun: {
        target: { type: 'products', productIds: flood.productIds.slice(0, 10) },
        kind: 'photo',
        model: flood.settings.defaults.model,
        prompt: flood.settings.presets[0]!.prompt,
        imagesPerProduct: 1,
        includeDone: true,
      } satisfies CreateBulkRunRequest,
      seconds: seconds('flood-s') / 1000,
      connections: Number(args['flood-connections']),
      bulkEvery: Number(args['flood-bulk-every']),
    });
    floodPid = running.process.pid;
    probes.open('flood');
    faultBegan(
      `${flood.stack.shop} floods the API on ${args['flood-connections']} connections ` +
        `for ${args['flood-s']} s`,
    );
    floodAnswers = await running.done;
    await probes.close('flood');
    faultEnded('flood over');
  })();
  let scheduleDone = false;
  const faultsDone = Promise.all([schedule.done, flooding]).then(() => void (scheduleDone = true));
  faultsDone.catch((error: unknown) => log(`a fault failed: ${(error as Error).message}`));

  // Every shop's generations, read until every one has settled (the run's and the others').
  const shops = [runShop, other, flood];
  let generations = new Map<BenchShop, GenerationView[]>();
  /** When the last of the run's and the flood's generations settled (the timed shop's go on). */
  let lastSettledAt = runStart;
  /**
   * `progress`: until the run's and the flood's generations have all settled (the timed shop
   * clicks on meanwhile), saying how far they are every 30 s; else until every one has.
   */
  const untilSettled = async (progress: boolean) => {
    let lastProgress = Date.now();
    let doneCount = -1;
    for (;;) {
      const web = stack.stoppedProcesses().filter((line) => line.startsWith('web'));
      if (web.length > 0) throw new Error(web.join('; '));
      try {
        const view = await call<BulkRunView>('GET', `/bulk-runs/${run.id}`);
        generations = new Map(
          await Promise.all(
            shops.map(async (shop) => [shop, await appApi(shop.stack).generations()] as const),
          ),
        );
        const everyOne = [...generations.values()].flat();
        const faulted = [runShop, flood].flatMap((shop) => generations.get(shop) ?? []);
        const done = faulted.filter(settled).length;
        if (progress && done !== doneCount) lastSettledAt = Date.now();
        doneCount = done;
        const expanded = view.state === 'completed' || view.state === 'cancelled';
        if (scheduleDone && expanded && (progress ? faulted : everyOne).every(settled)) return;
        if (progress && Date.now() - lastProgress >= 30_000) {
          const states = new Map<string, number>();
          for (const g of everyOne) {
            const key = g.waitingFor ? `${g.state} (waiting for ${g.waitingFor})` : g.state;
            states.set(key, (states.get(key) ?? 0) + 1);
          }
          log(
            `  ${elapsed(runStart)}: ${everyOne.filter(settled).length} of ${everyOne.length} ` +
              `settled (run ${view.state}; ` +
              `${[...states].map(([state, n]) => `${state} ${n}`).join(', ')})`,
          );
          lastProgress = Date.now();
        }
      } catch (error) {
        // Redis down, or the web process between answers: read again at the next poll.
        log(`  ${elapsed(runStart)}: read failed: ${(error as Error).message.slice(0, 120)}`);
      }
      if (Date.now() > deadline) {
        log(`deadline reached: figures on what settled by now`);
        return;
      }
      await delay(POLL_MS);
    }
  };
  await untilSettled(true);
  await probes.close('run');
  const runEnd = Date.now();
  probes.open('idle after');
  await clicksMore(clicker.clicks, Number(args['idle-clicks']));
  await probes.close('idle after');
  const clicks = await clicker.stop();
  probes.stop();
  await Promise.race([faultsDone, delay(1)]);
  // The timed shop's last clicks settle too before anything is counted.
  await untilSettled(false);

  log(
    `run took ${((runEnd - runStart) / 1000).toFixed(0)} s (${elapsed()} with the stack's start and the idle clicks)\n`,
  );
  const figures = new Map<string, Figures>();
  for (const shop of shops) {
    const jobs = await accountJobs(stack.productAi.url, shop.stack.productAiKey);
    const own = generations.get(shop) ?? [];
    figures.set(shop.stack.shop, await readFigures(own, jobs, stack.shopify.url, shop.stack.shop));
  }
  for (const line of figureLines(figures, generations)) log(line);
  log(
    `time from the last fault's end to the last generation settled: ` +
      `${((lastSettledAt - lastFaultEnd) / 1000).toFixed(0)} s`,
  );
  if (schedule.productAiBackAt !== null) {
    // From the records (each settled one's last change), not the 5 s reads of this loop.
    const back = schedule.productAiBackAt;
    const afterBack = (views: GenerationView[]) =>
      views
        .filter(settled)
        .map((g) => (Date.parse(g.updatedAt) - back) / 1000)
        .sort((a, b) => a - b);
    const all = afterBack([runShop, flood].flatMap((shop) => generations.get(shop) ?? []));
    const waited = afterBack(
      [...generations].flatMap(([shop, views]) =>
        views.filter((g) => waitingOnProductAi.get(g.id) === shop),
      ),
    );
    const p50 = (values: number[]) => values[Math.floor(values.length / 2)]?.toFixed(1) ?? 'n/a';
    log(
      `time from ProductAI's return to the last generation settled: ${all.at(-1)?.toFixed(1)} s; ` +
        `of the ${waitingOnProductAi.size} waiting for it then, ${waited.length} settled, the ` +
        `last ${waited.at(-1)?.toFixed(1) ?? 'n/a'} s after (p50 ${p50(waited)} s)`,
    );
  }
  const windows = probes.figures();
  for (const line of clickLines(clicks, windows, { runStart, runEnd, other: other.stack.shop }))
    log(line);
  const otherJobs = await accountJobs(stack.productAi.url, other.stack.productAiKey);
  for (const line of settleLines(generations.get(other) ?? [], windows, otherJobs)) log(line);
  if (floodAnswers) {
    const answers: FloodAnswers = floodAnswers;
    for (const [kind, counts] of Object.entries(answers))
      log(
        `flood ${kind}: ${Object.entries(counts)
          .sort((a, b) => b[1] - a[1])
          .map(([what, n]) => `${what} ×${n}`)
          .join(', ')}`,
      );
  }
  for (const line of probeLines(windows)) log(line);
  for (const line of schedule.skipped) log(`skipped: ${line}`);
  log(
    "not run: Redis `WAITAOF` (REDIS_DURABILITY=none, the stack's development default; its " +
      'Redis 7.0 has none)',
  );
} finally {
  await stopAll();
}
