/**
 * `durable`: the last step before the request leaves. The generation's move to `submitting` and
 * its fingerprint's claim (take-slot.ts) are what recovery reads to know the request may have
 * left (after-crash.ts, receive/reconcile.ts); Redis acknowledged them in memory, and a crash of
 * its host before they reach the disk (`appendfsync everysec`: up to a second) or a replica would
 * lose them, and recovery would send the request again. So they are made durable first
 * (platform/redis/durability.ts: WAITAOF on the primary's AOF, or WAIT for replicas, as
 * configured). If Redis cannot confirm it in time, nothing is sent: the slot is given back, the
 * generation goes back to `queued` and the job is tried again with backoff (a transient error).
 */
import { NotDurableError } from '../../../platform/redis/durability.ts';
import type { GenerationRef } from '../../stages/stage.ts';
import { move } from './move.ts';
import type { SubmitContext, SubmitStageDeps } from './types.ts';

/** True once the submission's record is durable; else throws for a retry (nothing sent). */
export async function durable(
  steps: Pick<SubmitStageDeps, 'durability' | 'limiter'>,
  ctx: SubmitContext,
  ref: GenerationRef,
): Promise<void> {
  try {
    await steps.durability.wait();
  } catch (error) {
    if (!(error instanceof NotDurableError)) throw error;
    ctx.logger.warn({ ...ref, err: error }, 'submission record not durable; not sent');
    await steps.limiter.release(ref.generationId);
    await move(ctx, ref, {
      from: ['submitting'],
      to: 'queued',
      note: 'Redis did not confirm the record of the send; not sent, trying again',
    });
    throw error;
  }
}
