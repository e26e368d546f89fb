/**
 * The stack the browser tests (and the front-end benchmark) run against: the demo's
 * (dev/stack.ts), with fast ProductAI jobs and Shopify media processing, an account of its own,
 * and the app processes' logs in test-artifacts/logs/.
 */
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { startStack, type Stack } from '../../../dev/stack.ts';

export type { Stack } from '../../../dev/stack.ts';

const LOG_DIR = fileURLToPath(new URL('../../../test-artifacts/logs/', import.meta.url));

/** `name` labels the logs: test-artifacts/logs/<name>-web.log and <name>-worker.log. */
export function startTestStack(name: string): Promise<Stack> {
  return startStack({
    jobMs: 1_500,
    productAiKey: `browser-${randomBytes(4).toString('hex')}`,
    productAiCredits: 10_000,
    mediaProcessingMs: 300,
    logLevel: 'info',
    logFiles: `${LOG_DIR}${name}`,
  });
}
