/**
 * A worker process for the crash tests (crash-stack.ts starts it): the app built and its
 * workers started as web/worker/main.ts does (src/app), with the test's compressed pipeline config, and crash switches that land
 * the SIGKILL exactly where a test wants it (hooks on the process's own requests, no sleeps):
 *  - CRASH_AFTER_OPERATION=<Admin GraphQL operation> (FileCreate, FileUpdate, ShopTimeZone, ...):
 *    the moment Shopify's answer to that mutation or query arrives: a mutation's side effect
 *    happened and nothing recorded it; a query marks a point inside a handler (ShopTimeZone:
 *    a rule's generations are claimed, not yet admitted);
 *  - CRASH_PRODUCTAI_SUBMIT=before:<n> | after:<n>: at the n-th generation request to ProductAI,
 *    just before it leaves (the generation is `submitting`, its fingerprint claimed) or the
 *    moment its answer arrives (the job exists and is charged, its id not recorded);
 *  - FIDELITY_SCRIPT=changed,faithful,...: the fidelity check is on, a scripted one
 *    (test/support/fidelity.ts) answering these verdicts in order, then `faithful`;
 *  - CAMPAIGN_CLOCK_OFFSET_MS: campaigns run on a clock this far ahead (the days between
 *    creating and starting a campaign, skipped), reconciling every 100 ms;
 *  - EXPERIMENT_CLOCK_OFFSET_MS: image experiments run on a clock this far ahead (the days until
 *    a daily look, skipped), reconciling every 100 ms;
 *  - WEBHOOK_QUEUE_TEST_CONFIG: the test app's Shopify webhook queue (its prefix, short locks),
 *    so this process runs the webhook jobs the test's web process takes in.
 * Prints "ready" once its workers run.
 */
import { createOffsetClock } from '../../../src/platform/clock.ts';
import type { WebhookQueueConfig } from '../../../src/shopify/webhook-queue.ts';
import { createPublishStages } from '../../../src/pipeline/publish/index.ts';
import type { PipelineConfig } from '../../../src/pipeline/index.ts';
import type { PublishTiming } from '../../../src/pipeline/publish/index.ts';
import { createApp, loadAppConfig, startWorkers } from '../../../src/app/index.ts';
import type { FidelityVerdict } from '../../../src/fidelity/fidelity-report.ts';
import { scriptedFidelity } from '../../support/fidelity.ts';

const config = JSON.parse(process.env.PIPELINE_TEST_CONFIG!) as PipelineConfig;
const timing = JSON.parse(process.env.PUBLISH_TEST_TIMING!) as PublishTiming;
const crashAfter = process.env.CRASH_AFTER_OPERATION;
const [submitMoment, submitNumber] = (process.env.CRASH_PRODUCTAI_SUBMIT ?? '').split(':');
const clockOffsetMs = process.env.CAMPAIGN_CLOCK_OFFSET_MS;
const experimentOffsetMs = process.env.EXPERIMENT_CLOCK_OFFSET_MS;
const webhookQueue = process.env.WEBHOOK_QUEUE_TEST_CONFIG;
const fidelityScript = process.env.FIDELITY_SCRIPT;
// `mutation FileCreate(` or `query ShopTimeZone {` / `query ProductRuleFacts(`.
const crashOperation = crashAfter && new RegExp(`(mutation|query) ${crashAfter}\\b`);

const crash = () => process.kill(process.pid, 'SIGKILL');

const crashingFetch: typeof fetch = async (input, init) => {
  const response = await fetch(input, init);
  const body = typeof init?.body === 'string' ? init.body : '';
  if (crashOperation && crashOperation.test(body)) {
    await response.clone().text();
    crash();
  }
  return response;
};

let submissions = 0;
const crashingProductAiFetch: typeof fetch = async (input, init) => {
  const isSubmission = init?.method === 'POST' && String(input).includes('/v1/api/generate');
  if (!isSubmission || ++submissions !== Number(submitNumber)) return fetch(input, init);
  if (submitMoment === 'before') crash();
  const response = await fetch(input, init);
  await response.clone().text();
  crash();
  return response;
};

function clockAhead(offsetMs: string) {
  const clock = createOffsetClock();
  clock.advance(Number(offsetMs));
  return clock;
}

function scriptedCheck() {
  const scripted = scriptedFidelity();
  scripted.answer(...(fidelityScript!.split(',').filter(Boolean) as FidelityVerdict[]));
  return scripted.factory;
}

const publish = createPublishStages({ timing });
const app = await createApp(
  { ...loadAppConfig(process.env), pipeline: config },
  {
    fetch: crashingFetch,
    // As in the tests' own processes: the fidelity check is off (test/support/app.ts), unless
    // the test scripts it.
    fidelity: fidelityScript === undefined ? () => undefined : scriptedCheck(),
    ...(webhookQueue ? { webhookQueue: JSON.parse(webhookQueue) as WebhookQueueConfig } : {}),
    pipeline: {
      publish: { attach: publish.attachStage, verify: publish.verifyStage },
      ...(submitMoment ? { productAi: { fetch: crashingProductAiFetch } } : {}),
    },
    ...(clockOffsetMs
      ? { campaigns: { clock: clockAhead(clockOffsetMs), reconcileMs: 100, sweepRecheckMs: 200 } }
      : {}),
    ...(experimentOffsetMs
      ? { experiments: { clock: clockAhead(experimentOffsetMs), reconcileMs: 100 } }
      : {}),
  },
);
await startWorkers(app);
process.stdout.write('ready\n');
