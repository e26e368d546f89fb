/**
 * `submit`: one submit job, its steps in order (each in its own file of this folder): the
 * generation still to send (or, naming its job already, to adopt: adopt-attached.ts), the checks that need no ProductAI, the fingerprint's claim and a
 * rate-limit slot, the record of the send made durable (durable.ts), then the request and its
 * outcome. Every path answers DONE; a retry is asked
 * by throwing.
 */
import { accountOf } from '../../../productai/account.ts';
import { DONE, type GenerationRef, type StageOutcome } from '../../stages/stage.ts';
import { adoptAttached } from './adopt-attached.ts';
import { durable } from './durable.ts';
import { loadQueued } from './load-queued.ts';
import { prepareRequest } from './prepare-request.ts';
import { send } from './send.ts';
import { takeSlot } from './take-slot.ts';
import type { SubmitContext, SubmitStageDeps } from './types.ts';

export async function submit(
  steps: SubmitStageDeps,
  ref: GenerationRef,
  ctx: SubmitContext,
): Promise<StageOutcome> {
  const generation = await loadQueued(steps, ctx, ref);
  if (!generation) return DONE;
  if (generation.productAiJobId !== null) {
    await adoptAttached(steps, ctx, ref, {
      ...generation,
      productAiJobId: generation.productAiJobId,
    });
    return DONE;
  }
  const prepared = await prepareRequest(steps, ctx, ref, generation);
  if (!prepared) return DONE;
  const submitting = await takeSlot(
    steps,
    ctx,
    ref,
    { ...generation, style: prepared.style },
    accountOf(prepared.apiKey),
  );
  if (!submitting) return DONE;
  await durable(steps, ctx, ref);
  await send(steps, ctx, ref, submitting, prepared);
  return DONE;
}
