/**
 * The stack the browser tests (and the front-end benchmark) run against: the demo's
 * (dev/stack.ts), with fast ProductAI jobs, Shopify media processing and rate limit window, an account of its own,
 * and the app processes' logs in test-artifacts/logs/.
 */
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { startStack, type Stack } from '../../../dev/stack.ts';

export type { Stack } from '../../../dev/stack.ts';

const LOG_DIR = fileURLToPath(new URL('../../../test-artifacts/logs/', import.meta.url));

/**
 * 15 requests every 6 s: the limiter paces bulk work one request every window ÷ 15, 400 ms here
 * instead of the real minute's 4 s, which made the bulk runs of the browser tests wait most of
 * their time for slots.
 */
export const COMPRESSED_RATE_WINDOW_MS = 6_000;

/** `name` labels the logs: test-artifacts/logs/<name>-web.log and <name>-worker.log. */
export function startTestStack(
  name: string,
  options: { rateLimitWindowMs?: number; colourProducts?: boolean } = {},
): Promise<Stack> {
  return startStack({
    ...(options.colourProducts ? { colourProducts: true } : {}),
    jobMs: 1_500,
    productAiKey: `browser-${randomBytes(4).toString('hex')}`,
    productAiCredits: 10_000,
    mediaProcessingMs: 300,
    rateLimitWindowMs: options.rateLimitWindowMs ?? COMPRESSED_RATE_WINDOW_MS,
    logLevel: 'info',
    logFiles: `${LOG_DIR}${name}`,
  });
}
