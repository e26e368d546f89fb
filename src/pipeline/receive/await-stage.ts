/**
 * Await: polling, armed for every accepted submission whether or not the shop's webhook is
 * connected (a webhook can be lost, the URL mistyped, the app unreachable for a moment). With
 * the webhook connected it is the slow fallback: the first poll after the typical completion
 * time, so a working webhook normally wins and the poll finds the generation already moved on
 * and costs one Redis read, no API call. Without it, ProductAI's recommended cadence (images
 * every 2 s) for the typical completion time, each poll reading the job's progress and placed
 * so that one lands at its expected end (job-progress.ts), then the same slow schedule
 * (poll-schedule.ts, which also says how the read rate stays bounded). At the deadline the
 * generation fails with a reason. The deadline counts only time during which ProductAI answered:
 * while its job reads fail transiently, the generation waits for it (productai-outage.ts) and
 * the deadline moves by the time it was unreachable.
 *
 * Each poll asks ProductAI's job endpoint (job-check.ts), never a delivered result: a webhook
 * delivery only makes the check come sooner. The transition out of `processing` is atomic, so a
 * webhook's check and a poll arriving together are processed once (finish-job.ts).
 */
import { processingGeneration } from './finish-job.ts';
import { checkJob } from './job-check.ts';
import { jobProgress } from './job-progress.ts';
import { eager, nextPollDelay, pacedDelay, untilDeadline } from './poll-schedule.ts';
import { knownOutage, productAiAnswered, waitForProductAi, waitScope } from './productai-outage.ts';
import type { Generation } from '../generations/generation.ts';
import type { ShopPause } from '../line/shop-pause.ts';
import { StaleTransitionError } from '../generations/generation.ts';
import { toldWhy } from '../generations/reason.ts';
import type { CodedText } from '../../app-api/error-codes.ts';
import {
  DONE,
  later,
  type GenerationRef,
  type GiveUpRule,
  type StageHandler,
} from '../stages/stage.ts';
import type { PipelineContext } from '../context.ts';

/**
 * What the await stage uses of the pipeline's context: the generation, its submission's key and
 * ProductAI (job-check.ts, job-progress.ts), the poll's schedule, the waits for ProductAI
 * (productai-outage.ts), and the attach stage a result starts.
 */
export const AWAIT_USES = [
  'generations',
  'settings',
  'productAi',
  'productAiWaits',
  'productAiBack',
  'enqueue',
  'clock',
  'config',
  'logger',
] as const satisfies readonly (keyof PipelineContext)[];
export type AwaitContext = Pick<PipelineContext, (typeof AWAIT_USES)[number]>;

/** What a processing generation becomes when its poll's last try failed. */
export const AWAIT_GIVE_UP: GiveUpRule[] = [
  {
    from: ['processing'],
    to: 'failed',
    reason: { code: 'reason_check_failed' },
    action: { code: 'action_check_job' },
  },
];

function minutes(ms: number): CodedText {
  const value = Math.round(ms / 60_000);
  return value >= 1
    ? { code: 'duration_minutes', params: { count: value } }
    : { code: 'duration_seconds', params: { count: Math.round(ms / 1000) } };
}

export function createAwaitStage(deps: { shopPause: ShopPause }): StageHandler<AwaitContext> {
  async function failAtDeadline(ctx: AwaitContext, ref: GenerationRef, generation: Generation) {
    const waited = ctx.config.polling.deadlineMs[generation.kind];
    try {
      await ctx.generations.transition(ref.shop, ref.generationId, {
        from: ['processing'],
        to: 'failed',
        patch: toldWhy(
          {
            code: 'reason_no_delivery',
            params: { time: minutes(waited), job: generation.productAiJobId ?? '' },
          },
          { code: 'action_check_job' },
        ),
        note: 'deadline passed',
      });
    } catch (error) {
      if (!(error instanceof StaleTransitionError)) throw error;
    }
  }

  return async (ref, ctx) => {
    const generation = await processingGeneration(ctx, ref);
    if (!generation) return DONE;
    // ProductAI is known to be unreachable (or this account's reads refused): no read (of progress
    // or result) until it answers.
    const known = await knownOutage(ctx, generation);
    if (known !== null) return waitForProductAi(ctx, ref, generation, known);
    // Without the webhook: how far the job is first, so the next poll lands at its expected end;
    // its result is read (checkJob) once it has ended, or when its progress cannot be read.
    const cadence = await eager(ctx, generation);
    const progress = cadence === null ? null : await jobProgress(ctx, generation);
    // A job still running is polled again at its expected end, but never past the deadline:
    // there, the poll below reads it once more and fails it if it has still not ended.
    const left = untilDeadline(ctx, generation);
    if (cadence !== null && progress?.state === 'running' && left > 0)
      return later(Math.min(pacedDelay(cadence, progress.endsInMs), left));
    const check = await checkJob(deps, ctx, ref, generation, 'poll');
    if (check === 'unreachable')
      return waitForProductAi(ctx, ref, generation, waitScope(generation, check));
    if (typeof check === 'object') {
      const scope = waitScope(generation, 'rate-limited');
      return waitForProductAi(ctx, ref, generation, scope, check.retryAfterMs);
    }
    // Whatever it answered, a wait for ProductAI ends (and is counted) here.
    const answered = await productAiAnswered(ctx, ref, generation);
    if (check === 'settled') return DONE;
    const polls = answered.attempts.await ?? 1;
    const wait = await nextPollDelay(ctx, answered, polls);
    if (wait === null) {
      await failAtDeadline(ctx, ref, answered);
      return DONE;
    }
    // Its progress could not be read, so this poll read twice: the next waits twice as long,
    // keeping one job read per interval (poll-schedule.ts's bound).
    return later(cadence !== null && progress === null ? 2 * wait : wait);
  };
}
