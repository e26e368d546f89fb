/**
 * `toUncertain`: a submission whose request may have left without an answer, handed to
 * reconciliation (receive/reconcile.ts), which settles it.
 */
import { requestReconcile } from '../../receive/reconcile.ts';
import type { GenerationRef } from '../../stages/stage.ts';
import { UNCERTAIN_MESSAGE } from './messages.ts';
import { move } from './move.ts';
import type { SubmitContext, SubmitStageDeps } from './types.ts';

export async function toUncertain(
  { queues }: Pick<SubmitStageDeps, 'queues'>,
  ctx: SubmitContext,
  ref: GenerationRef,
  note: string,
): Promise<void> {
  await move(ctx, ref, { from: ['submitting'], to: 'uncertain', patch: UNCERTAIN_MESSAGE, note });
  await requestReconcile(queues, ref, ctx.config.reconcile.firstCheckMs);
}
