/**
 * `npm run demo`: the whole app offline (dev/stack.ts), its Redis data and encryption key kept
 * in .demo/ between runs (DEMO_STATE_DIR for a separate demo). Prints one URL to open; Ctrl-C
 * stops everything. DEMO_PORT fixes that URL's port, DEMO_JOB_MS how long a ProductAI job runs.
 */
import { fileURLToPath } from 'node:url';
import { DEMO, startStack } from './stack.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

let stopping = false;
const started = startStack({
  stateDir: process.env.DEMO_STATE_DIR ?? `${ROOT}.demo`,
  framePort: Number(process.env.DEMO_PORT ?? 0),
  jobMs: Number(process.env.DEMO_JOB_MS ?? 6_000),
  logLevel: process.env.LOG_LEVEL ?? 'warn',
  onProcessExit(name, exit) {
    if (stopping) return;
    console.error(`demo: the ${name} process stopped (${exit}); stopping the demo.`);
    void stop(1);
  },
});

async function stop(code: number): Promise<never> {
  stopping = true;
  await started.then((stack) => stack.stop()).catch(() => {});
  process.exit(code);
}
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));

started.then(
  (stack) => {
    console.log(`\nProductAI Studio demo is running. Open ${stack.frameUrl}\n`);
    console.log(
      `  demo ProductAI API key: ${DEMO.productAiKey} (${DEMO.productAiCredits} credits)`,
    );
    console.log(
      `  Shopify emulator: ${stack.shopify.url}   ProductAI emulator: ${stack.productAi.url}`,
    );
    console.log('  Ctrl-C stops everything.\n');
  },
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    void stop(1);
  },
);
