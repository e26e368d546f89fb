/**
 * A worker process for the campaign crash test: the production entry (web/worker/main.ts) with
 * the test's compressed pipeline config, campaigns on a clock CAMPAIGN_CLOCK_OFFSET_MS ahead
 * (the days between creating and starting a campaign, skipped), reconciling every 100 ms, and
 * the crash switch of the stage crash tests: with CRASH_AFTER_OPERATION set to an Admin
 * operation name, the process SIGKILLs itself the moment Shopify's answer to it arrives.
 * Prints "ready" once its workers run.
 */
import { createOffsetClock } from '../../../src/platform/clock.ts';
import { createPublishStages } from '../../../src/pipeline/publish/index.ts';
import type { PipelineConfig } from '../../../src/pipeline/index.ts';
import type { PublishTiming } from '../../../src/pipeline/publish/index.ts';
import { startWorkerProcess } from '../../../web/worker/main.ts';

const config = JSON.parse(process.env.PIPELINE_TEST_CONFIG!) as PipelineConfig;
const timing = JSON.parse(process.env.PUBLISH_TEST_TIMING!) as PublishTiming;
const crashAfter = process.env.CRASH_AFTER_OPERATION;
const clock = createOffsetClock();
clock.advance(Number(process.env.CAMPAIGN_CLOCK_OFFSET_MS ?? 0));

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
  campaigns: { clock, reconcileMs: 100, sweepRecheckMs: 200 },
});
process.stdout.write('ready\n');
