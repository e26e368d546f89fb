/**
 * A worker process for the webhook crash tests: the production entry (web/worker/main.ts) on
 * deps built from the environment, with the test's webhook queue settings
 * (WEBHOOK_QUEUE_TEST_CONFIG, JSON) and a pause switch. With PAUSE_MID_ERASE=1 the shop erasure
 * stops for good after its first batch of deletions (a slow Redis, as far as the eraser can
 * tell) and the process prints "erasing": the test then kills it in the middle of the erase.
 * Prints "ready" once its workers run.
 */
import { loadConfig } from '../../../src/platform/config.ts';
import { createLogger } from '../../../src/platform/logger.ts';
import { createAppDeps } from '../../../web/server/deps.ts';
import { startWorkerProcess } from '../../../web/worker/main.ts';

const deps = await createAppDeps(loadConfig(process.env), {
  logger: createLogger({ level: 'silent' }),
  webhookQueue: JSON.parse(process.env.WEBHOOK_QUEUE_TEST_CONFIG!),
});
if (process.env.PAUSE_MID_ERASE === '1') {
  const unlink = deps.redis.unlink.bind(deps.redis) as (...keys: string[]) => Promise<number>;
  deps.redis.unlink = (async (...keys: string[]) => {
    await unlink(...keys);
    process.stdout.write('erasing\n');
    return new Promise<number>(() => {});
  }) as typeof deps.redis.unlink;
}
await startWorkerProcess({ deps });
process.stdout.write('ready\n');
