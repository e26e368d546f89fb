/**
 * Submit: send one queued generation to ProductAI, at most once.
 *
 * The dispatcher (limits/dispatcher.ts) chose this generation and enqueued this job. The
 * handler checks what can be checked without ProductAI, waits until no other submission holds
 * its fingerprint (limits/submission-claims.ts) and for a slot of the shared rate limit as its
 * last steps before sending (then the dispatcher may choose the next), and sends:
 *
 *   queued ──(one atomic transition, immediately before the request)──► submitting
 *   the fingerprint claimed for this submission; only then does the request leave
 *   answer 200          → processing (job id recorded and indexed in the same step), poll armed
 *   400 validation      → failed with the API's message (nothing was charged)
 *   400 OUT_OF_TOKENS   → paused, and the whole shop paused with the reason
 *   401 / 403           → paused, key marked invalid, the whole shop paused
 *   429                 → back to queued at the front of its shop's line; every submission
 *                         waits for the time the service asked (the limiter's pause); its
 *                         view says ProductAI limits the app, and until when (wait-to-send.ts)
 *   certainly not sent  → back to queued and this job retried with backoff (network down); its
 *                         view says it waits for ProductAI to come back
 *   anything else       → uncertain: timeout after sending, 5xx, garbled 200. The request may
 *                         have created a job and charged credits, so it is never resent
 *                         blindly; reconciliation (receive/reconcile.ts) settles it.
 *
 * A job that finds its generation already `submitting` is a repeat after a crash. If the
 * fingerprint's claim (in the account the generation recorded, whatever key is saved now) is
 * this submission's, the request may have gone: `uncertain`, never out again. If not, the crash came before the claim, so before the request: back to `queued` and on.
 *
 * Code: each step is a file of steps/ (as the generation store lays out its operations), a
 * function that takes the part of the deps it uses; steps/submit.ts runs them in order, and this
 * factory only disarms the job's arming after each job. Shared by
 * several: steps/types.ts (the deps, re-exported here), steps/move.ts (a transition that may
 * lose its race), steps/messages.ts (the merchant's messages, re-exported here).
 */
import { requestReconcile } from '../receive/reconcile.ts';
import type { PipelineQueues } from '../stages/queues.ts';
import type { GiveUpRule, StageHandler } from '../stages/stage.ts';
import { submit } from './steps/submit.ts';
import type { SubmitContext, SubmitStageDeps } from './steps/types.ts';

export { RATE_LIMITED_NOTE, UNCERTAIN_MESSAGE } from './steps/messages.ts';
export { SUBMIT_USES, type SubmitContext, type SubmitStageDeps } from './steps/types.ts';

/**
 * What a submission becomes when its last try failed: uncertain if its request may have left
 * (then reconciled after `reconcileAfterMs`), failed if it certainly did not.
 */
export function submitGiveUp(queues: PipelineQueues, reconcileAfterMs: number): GiveUpRule[] {
  return [
    {
      from: ['submitting'],
      to: 'uncertain',
      reason: { code: 'reason_uncertain' },
      action: { code: 'action_uncertain' },
      then: (ref) => requestReconcile(queues, ref, reconcileAfterMs),
    },
    {
      from: ['queued'],
      to: 'failed',
      reason: { code: 'reason_productai_unreachable' },
      action: { code: 'action_try_again_later' },
    },
  ];
}

export function createSubmitStage(deps: SubmitStageDeps): StageHandler<SubmitContext> {
  return async (ref, ctx) => {
    try {
      return await submit(deps, ref, ctx);
    } finally {
      // Whatever happened, this job's arming no longer waits for a slot (idempotent). If the
      // generation went back in line and was armed again since, that arming has another token
      // and stays.
      await deps.scheduler.disarm(ref);
    }
  };
}
