/**
 * The `result` queue: a webhook delivered a job's result (kept by the receiver), so the
 * generation moves on now instead of at its next poll. The receiver only stores and enqueues,
 * which keeps its answer fast; this job does the work, and a crash repeats it.
 */
import { DONE } from '../stages/stage.ts';
import type { PipelineStageHandler } from '../context.ts';
import { finishJob, processingGeneration } from './finish-job.ts';
import type { JobResults } from './job-results.ts';

export function createResultStage(deps: { jobResults: JobResults }): PipelineStageHandler {
  return async (ref, ctx) => {
    const generation = await processingGeneration(ctx, ref);
    if (!generation) return DONE;
    const result = await deps.jobResults.get(generation.productAiJobId);
    if (!result) return DONE; // expired: the poll still covers it
    await finishJob(
      ctx,
      ref,
      { ...result, jobId: generation.productAiJobId, kind: generation.kind },
      { from: ['processing'], via: 'webhook' },
    );
    return DONE;
  };
}
