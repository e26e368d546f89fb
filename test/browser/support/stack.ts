/**
 * The stack the browser tests (and the front-end benchmark) run against: the demo's
 * (dev/stack.ts), with fast ProductAI jobs, Shopify media processing and rate limit window, an
 * account of its own, and the app processes' logs in test-artifacts/logs/.
 *
 * A test process starts one stack for each set of options its files ask for and lends it to
 * every file after: each file gets a shop of its own (installed and seeded on the Shopify
 * emulator, the one the admin frame shows while the file runs) and a ProductAI account of its
 * own, so it starts from an empty shop as on a stack of its own. Starting a stack cost each of
 * the 27 files 3.9 s of CPU (Redis, both emulators, the web and worker processes loading the
 * app); the stacks stop when the test process exits.
 */
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { startStack, type Stack as DemoStack } from '../../../dev/stack.ts';
import { productAiControlAt } from '../../support/productai-accounts.ts';

/** A file's view of its stack: its own shop and ProductAI key; the stack outlives the file. */
export type Stack = Omit<DemoStack, 'stop' | 'frameShop'>;

const LOG_DIR = fileURLToPath(new URL('../../../test-artifacts/logs/', import.meta.url));

/**
 * 15 requests every 6 s: the limiter paces bulk work one request every window ÷ 15, 400 ms here
 * instead of the real minute's 4 s, which made the bulk runs of the browser tests wait most of
 * their time for slots.
 */
export const COMPRESSED_RATE_WINDOW_MS = 6_000;

const CREDITS = 10_000;

export interface TestStackOptions {
  rateLimitWindowMs?: number;
  colourProducts?: boolean;
  /** The worker runs the real product check (one thread); the suite's processes run none. */
  realCheck?: boolean;
}

/** `name` labels the logs: test-artifacts/logs/<name>-web.log and <name>-worker.log. */
export function startTestStack(name: string, options: TestStackOptions = {}): Promise<DemoStack> {
  return startStack({
    ...(options.colourProducts ? { colourProducts: true } : {}),
    ...(options.realCheck ? { processEnv: { worker: { FIDELITY_THREADS: '1' } } } : {}),
    jobMs: 1_500,
    productAiKey: `browser-${randomBytes(4).toString('hex')}`,
    productAiCredits: CREDITS,
    mediaProcessingMs: 300,
    rateLimitWindowMs: options.rateLimitWindowMs ?? COMPRESSED_RATE_WINDOW_MS,
    logLevel: 'info',
    logFiles: `${LOG_DIR}${name}`,
  });
}

/** This process's stacks, by their options. */
const shared = new Map<string, Promise<DemoStack>>();

// vitest stops a test process with SIGTERM, whose default ends it without its exit hooks: exit
// instead, so dev/process-groups.ts kills the stacks' processes (Redis, web, worker) on the way.
process.once('SIGTERM', () => process.exit(143));

function sharedStack(options: TestStackOptions): Promise<DemoStack> {
  const rateLimitWindowMs = options.rateLimitWindowMs ?? COMPRESSED_RATE_WINDOW_MS;
  const colourProducts = options.colourProducts ?? false;
  const realCheck = options.realCheck ?? false;
  const key = `${rateLimitWindowMs}ms${colourProducts ? '-colours' : ''}${realCheck ? '-check' : ''}`;
  let stack = shared.get(key);
  if (!stack) {
    stack = startTestStack(`browser-${process.pid}-${key}`, {
      rateLimitWindowMs,
      colourProducts,
      realCheck,
    });
    // A stack that failed to start is not lent to the next file.
    stack.catch(() => shared.delete(key));
    shared.set(key, stack);
  }
  return stack;
}

/**
 * A stack for one file: this process's stack for `options`, with a new shop (named after the
 * file, so the app's logs tell the files apart) and a new ProductAI account with credits.
 */
export async function stackForFile(name: string, options: TestStackOptions = {}): Promise<Stack> {
  const stack = await sharedStack(options);
  const suffix = randomBytes(3).toString('hex');
  const shop = `${name}-${suffix}.myshopify.com`;
  const productAiKey = `browser-${name}-${suffix}`;
  await productAiControlAt(stack.productAi.url)('POST', '/accounts', {
    key: productAiKey,
    credits: CREDITS,
  });
  stack.frameShop(shop, productAiKey);
  return { ...stack, shop, productAiKey };
}
