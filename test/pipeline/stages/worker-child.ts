/**
 * A worker process for the crash tests: the production entry (web/worker/main.ts) with the
 * test's compressed pipeline config, and a crash switch. With CRASH_AFTER_OPERATION set to an
 * Admin GraphQL operation name (FileCreate, FileUpdate), the process SIGKILLs itself the moment
 * Shopify's answer to that operation arrives: the side effect happened, nothing recorded it.
 * Prints "ready" once its workers run.
 */
import { createPublishStages } from '../../../src/pipeline/publish/index.ts';
import type { PipelineConfig } from '../../../src/pipeline/index.ts';
import type { PublishTiming } from '../../../src/pipeline/publish/index.ts';
import { startWorkerProcess } from '../../../web/worker/main.ts';

const config = JSON.parse(process.env.PIPELINE_TEST_CONFIG!) as PipelineConfig;
const timing = JSON.parse(process.env.PUBLISH_TEST_TIMING!) as PublishTiming;
const crashAfter = process.env.CRASH_AFTER_OPERATION;

const crashingFetch: typeof fetch = async (input, init) => {
  const response = await fetch(input, init);
  const body = typeof init?.body === 'string' ? init.body : '';
  if (crashAfter && body.includes(`mutation ${crashAfter}(`)) {
    await response.clone().text();
    process.kill(process.pid, 'SIGKILL');
  }
  return response;
};

const publish = createPublishStages({ timing });
await startWorkerProcess({
  env: process.env,
  overrides: { fetch: crashingFetch },
  pipeline: { config, publish: { attach: publish.attachStage, verify: publish.verifyStage } },
});
process.stdout.write('ready\n');
