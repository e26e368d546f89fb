/**
 * A worker process for the webhook crash tests: the app built from the environment and its
 * workers started as web/worker/main.ts does (src/app), with the test's webhook queue settings
 * (WEBHOOK_QUEUE_TEST_CONFIG, JSON) and a pause switch. With PAUSE_MID_ERASE=1 the shop erasure
 * stops for good after its first batch of deletions (a slow Redis, as far as the eraser can
 * tell) and the process prints "erasing": the test then kills it in the middle of the erase.
 * Prints "ready" once its workers run.
 */
import { createLogger } from '../../../src/platform/logger.ts';
import { createApp, loadAppConfig, startWorkers } from '../../../src/app/index.ts';

const deps = await createApp(loadAppConfig(process.env), {
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
await startWorkers(deps);
process.stdout.write('ready\n');
