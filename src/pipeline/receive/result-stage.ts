/**
 * The `result` queue: a webhook delivery said the generation's job may have ended, so ProductAI
 * is asked now (job-check.ts) instead of at the next poll. The delivery's body is not used: the
 * generation finishes with what ProductAI's job endpoint answers, read with the submission's
 * key. If the job is not finished yet, nothing changes and the poll goes on. The receiver only
 * enqueues, which keeps its answer fast; this job does the work, and a crash repeats it.
 */
import { DONE, type StageHandler } from '../stages/stage.ts';
import type { ShopPause } from '../line/shop-pause.ts';
import type { PipelineContext } from '../context.ts';
import { processingGeneration } from './finish-job.ts';
import { checkJob } from './job-check.ts';

/** What the result stage uses of the pipeline's context: what reading the job uses (job-check.ts). */
export const RESULT_USES = [
  'generations',
  'settings',
  'productAi',
  'enqueue',
  'logger',
] as const satisfies readonly (keyof PipelineContext)[];
export type ResultContext = Pick<PipelineContext, (typeof RESULT_USES)[number]>;

export function createResultStage(deps: { shopPause: ShopPause }): StageHandler<ResultContext> {
  return async (ref, ctx) => {
    const generation = await processingGeneration(ctx, ref);
    if (!generation) return DONE;
    await checkJob(deps, ctx, ref, generation, 'webhook');
    return DONE;
  };
}
