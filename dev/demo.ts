/**
 * `npm run demo`: the whole app offline (dev/stack.ts), its Redis data and encryption key kept
 * in .demo/ between runs (DEMO_STATE_DIR for a separate demo). Prints one URL to open; Ctrl-C
 * stops everything. DEMO_PORT fixes that URL's port, DEMO_JOB_MS how long a ProductAI job runs,
 * DEMO_CHANGE_RATE the share of ProductAI results that change the product (default 0.05, so the
 * fidelity guard is seen at work; 0 turns it off), LOG_LEVEL what the terminal shows (`warn`: one
 * line per problem; dev/log-lines.ts), DEMO_EXPERIMENT_DAY_MS how long an image experiment's day
 * lasts (default 4 s: the app's experiments run on a compressed clock; dev/demo-experiment.ts
 * publishes the demo's first AI photo, starts one on it and prints one line once it is decided),
 * DEMO_BROWSER_SHOPPERS how many of its first day's shoppers are real Chromium ones on the
 * storefront (default 4, one refusing consent; 0 for none, and none without Chromium).
 *
 * Everything stops on SIGINT or SIGTERM, sent to this process or to npm's: npm 11 passes a
 * signal to the `sh -c` it runs this script in, and sh dies without passing it on, which left
 * this process (and Redis, the app and the worker under it) running, reparented. So this
 * process also stops when its parent goes. The children run in process groups of their own,
 * stopped as groups, and an exit hook kills any left (dev/process-groups.ts).
 */
import { fileURLToPath } from 'node:url';
import { runDemoExperiment } from './demo-experiment.ts';
import { DEMO, startStack } from './stack.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const EXPERIMENT_DAY_MS = Number(process.env.DEMO_EXPERIMENT_DAY_MS ?? 4_000);
const BROWSER_SHOPPERS = Number(process.env.DEMO_BROWSER_SHOPPERS ?? 4);
const experimentStopped = new AbortController();

let stopping = false;
const started = startStack({
  stateDir: process.env.DEMO_STATE_DIR ?? `${ROOT}.demo`,
  framePort: Number(process.env.DEMO_PORT ?? 0),
  jobMs: Number(process.env.DEMO_JOB_MS ?? 6_000),
  productChangeRate: Number(process.env.DEMO_CHANGE_RATE ?? 0.05),
  // Products sold in several colours, to make one photo per colour.
  colourProducts: true,
  logLevel: process.env.LOG_LEVEL ?? 'warn',
  experimentDayMs: EXPERIMENT_DAY_MS,
  terminalLogs: true,
  onProcessExit(name, exit) {
    if (stopping) return;
    console.error(`demo: the ${name} process stopped (${exit}); stopping the demo.`);
    void stop(1);
  },
});

/** Stops everything in order; a second Ctrl-C exits at once (the exit hook kills the rest). */
async function stop(code: number): Promise<never> {
  if (stopping) process.exit(code);
  stopping = true;
  experimentStopped.abort();
  await started.then((stack) => stack.stop()).catch(() => {});
  process.exit(code);
}
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));

/** How often the parent is checked: a stopped npm is noticed within this. */
const PARENT_CHECK_MS = 500;
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent && !stopping) {
    console.error('demo: the process that started the demo stopped; stopping the demo.');
    void stop(0);
  }
}, PARENT_CHECK_MS).unref();

started.then(
  (stack) => {
    console.log(`\nProductAI Studio demo is running. Open ${stack.frameUrl}\n`);
    console.log(
      `  demo ProductAI API key: ${DEMO.productAiKey} (${DEMO.productAiCredits} credits)`,
    );
    console.log(
      `  Shopify emulator: ${stack.shopify.url}   ProductAI emulator: ${stack.productAi.url}`,
    );
    console.log('  Ctrl-C stops everything. Problems show below, one line each.\n');
    runDemoExperiment(stack, EXPERIMENT_DAY_MS, {
      signal: experimentStopped.signal,
      say: (line) => console.log(line),
      browserShoppers: BROWSER_SHOPPERS,
    }).then(
      (line) => console.log(line),
      (error: unknown) => {
        if (!stopping) console.error(`demo: the image experiment stopped: ${String(error)}`);
      },
    );
  },
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    void stop(1);
  },
);
