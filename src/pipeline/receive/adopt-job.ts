/**
 * Recording that a ProductAI job is a generation's: one atomic transition to `processing` that
 * also writes the job-id index (so a webhook, a poll and reconciliation all route the job to
 * this generation and no other, and a delivery can be checked against the account the job was
 * submitted to), then the poll armed, and ProductAI asked at once when a delivery already said
 * the job had ended.
 *
 * The same step for both ways a generation learns its job id: the answer to its own request
 * (`submitting`), and reconciliation finding the job of an `uncertain` submission (from the
 * unknown-job webhook or ProductAI's job list). Nothing is sent: adopting never charges.
 */
import type { Generation, GenerationState } from '../generations/generation.ts';
import type { SubmissionClaims } from '../limits/submission-claims.ts';
import { generationFingerprint } from '../limits/submission-claims.ts';
import type { PipelineQueues } from '../stages/queues.ts';
import type { GenerationRef } from '../stages/stage.ts';
import type { PipelineContext } from '../context.ts';
import type { JobResults } from './job-results.ts';
import { firstPollDelay, type PollContext } from './poll-schedule.ts';

/** How an attached unclaimed result's adoption is noted in its history. */
export const ATTACHED_NOTE = 'an unclaimed result the merchant attached (not charged again)';

/** What adopting a job moves: the generation, and its first poll. */
export type AdoptJobContext = PollContext & Pick<PipelineContext, 'generations' | 'enqueue'>;

export interface AdoptJobDeps {
  jobResults: JobResults;
  claims: SubmissionClaims;
  queues: PipelineQueues;
}

/** Throws StaleTransitionError when the generation is no longer in one of `from`. */
export async function adoptJob(
  deps: AdoptJobDeps,
  ctx: AdoptJobContext,
  generation: Generation,
  jobId: number,
  options: {
    from: readonly GenerationState[];
    note: string;
    /**
     * The ProductAI account the job is read with, when the generation did not submit it (an
     * unclaimed result attached: the account whose key found the job). Else its submission's.
     */
    account?: string;
    /** The job has ended (a result saved again): poll it at once, not at the first poll's time. */
    pollNow?: boolean;
  },
): Promise<Generation> {
  const { jobResults, claims, queues } = deps;
  const ref: GenerationRef = { shop: generation.shop, generationId: generation.id };
  const account = options.account ?? generation.productAiAccount;
  const processing = await ctx.generations.transition(ref.shop, ref.generationId, {
    from: options.from,
    to: 'processing',
    patch: {
      productAiJobId: jobId,
      productAiAccount: account,
      // ProductAI charges at submission; the catalogue's price is what it charged.
      chargedCredits: generation.estimatedCredits,
      reason: null,
      action: null,
    },
    note: options.note,
    alsoSet: jobResults.ownerEntry(jobId, ref, account),
  });
  const delayMs = options.pollNow ? 0 : await firstPollDelay(ctx, processing);
  await ctx.enqueue('await', ref, { delayMs });
  // A delivery can beat the job id to us: it was listed as unclaimed where it arrived.
  const noticedAt = await jobResults.noticedAt(jobId);
  if (noticedAt) {
    await jobResults.clearNotice(jobId, noticedAt);
    await queues.add('result', ref, ref.generationId);
  }
  if (processing.submittedAt && processing.productAiAccount) {
    await claims.release(generationFingerprint(processing.productAiAccount, processing), {
      shop: ref.shop,
      generationId: ref.generationId,
      submittedAt: processing.submittedAt,
    });
  }
  return processing;
}
