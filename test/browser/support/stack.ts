/**
 * The stack the browser tests (and the front-end benchmark) run against: the demo's
 * (dev/stack.ts), with fast ProductAI jobs, Shopify media processing and rate limit window, and
 * the app processes' logs in test-artifacts/logs/.
 *
 * One stack per test process and rate window, shared by the files that process runs one after
 * another, each file a merchant of its own: its own shop (seeded catalogue, session, settings,
 * work) and ProductAI account, as the app serves every shop. Starting the app's two processes,
 * Redis and both emulators took 5-8 s of wall time and about 6 s of CPU per file, for 28 files
 * (measured with dev/stack.ts's startStack, three starts in a row at load 4-5); a file's shop
 * now costs its seeding, milliseconds. When a file ends, its merchant uninstalls the app
 * (`app/uninstalled`), which stops the shop's work, so none of it runs on into the next file.
 */
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { startStack, type Stack as AppStack } from '../../../dev/stack.ts';

const LOG_DIR = fileURLToPath(new URL('../../../test-artifacts/logs/', import.meta.url));

/**
 * 15 requests every 6 s: the limiter paces bulk work one request every window ÷ 15, 400 ms here
 * instead of the real minute's 4 s, which made the bulk runs of the browser tests wait most of
 * their time for slots.
 */
export const COMPRESSED_RATE_WINDOW_MS = 6_000;

/** A file's view of the shared stack: its shop, its ProductAI key, its admin. */
export type Stack = Omit<AppStack, 'addShop'>;

export interface TestStackOptions {
  rateLimitWindowMs?: number;
  colourProducts?: boolean;
}

const shared = new Map<number, Promise<AppStack>>();

function sharedStack(windowMs: number): Promise<AppStack> {
  let stack = shared.get(windowMs);
  if (!stack) {
    stack = startStack({
      jobMs: 1_500,
      mediaProcessingMs: 300,
      rateLimitWindowMs: windowMs,
      logLevel: 'info',
      // One pair of logs per test process and window: each file's lines carry its shop.
      logFiles: `${LOG_DIR}browser-${process.env.VITEST_POOL_ID ?? process.pid}-${windowMs}ms`,
    });
    shared.set(windowMs, stack);
    stopSharedStacksOnTerminate();
  }
  return stack;
}

/**
 * vitest ends a test process with SIGTERM, whose default action skips the exit hook that kills
 * what dev/process-groups.ts started: exiting on it instead runs that hook, so no app process
 * or Redis of a shared stack outlives the run.
 */
let terminateHandled = false;
function stopSharedStacksOnTerminate(): void {
  if (terminateHandled) return;
  terminateHandled = true;
  process.once('SIGTERM', () => process.exit(143));
}

/** `name` names the file's shop (`<name>-<random>.myshopify.com`) and ProductAI key. */
export async function startTestStack(name: string, options: TestStackOptions = {}): Promise<Stack> {
  const app = await sharedStack(options.rateLimitWindowMs ?? COMPRESSED_RATE_WINDOW_MS);
  const suffix = randomBytes(4).toString('hex');
  const shop = `${name}-${suffix}.myshopify.com`;
  const productAiKey = `browser-${name}-${suffix}`;
  const { frameUrl } = await app.addShop({
    shop,
    productAiKey,
    productAiCredits: 10_000,
    colourProducts: options.colourProducts ?? false,
  });
  return {
    ...app,
    shop,
    productAiKey,
    frameUrl,
    stoppedProcesses: () => app.stoppedProcesses(),
    async stop() {
      const response = await fetch(`${app.shopify.url}/__emulator/shops/${shop}/uninstall`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({}),
      });
      if (!response.ok) throw new Error(`Uninstalling ${shop}: ${await response.text()}`);
    },
  };
}

/** Stops every shared stack of this process (for a script; the test processes exit instead). */
export async function stopSharedStacks(): Promise<void> {
  const stacks = [...shared.values()];
  shared.clear();
  await Promise.all(stacks.map(async (stack) => (await stack).stop()));
}
