/**
 * `onAccepted`: ProductAI answered 200; the generation adopts the job and its poll is armed, and
 * the fidelity check starts analysing the product image while ProductAI works.
 */
import type { Job } from '../../../productai/schemas.ts';
import { adoptJob } from '../../receive/adopt-job.ts';
import { prepareFidelity } from '../../publish/fidelity-prepare.ts';
import { StaleTransitionError, type Generation } from '../../generations/generation.ts';
import type { SubmitContext, SubmitStageDeps } from './types.ts';

export async function onAccepted(
  steps: Pick<SubmitStageDeps, 'jobResults' | 'claims' | 'queues'>,
  ctx: SubmitContext,
  generation: Generation,
  job: Job,
): Promise<void> {
  // From `uncertain` too: a worker that lost its lock (a long pause) may have been declared
  // dead and its submission uncertain while the answer was still coming.
  try {
    await adoptJob(steps, ctx, generation, job.id, {
      from: ['submitting', 'uncertain'],
      note: `ProductAI job ${job.id}`,
    });
  } catch (error) {
    // Reconciliation adopted the job first (its webhook came before our answer).
    if (!(error instanceof StaleTransitionError)) throw error;
  }
  // Not awaited: the submit job does not hold its slot for it, and it never rejects.
  void prepareFidelity(ctx, generation);
}
