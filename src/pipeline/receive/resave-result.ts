/**
 * A paid result is never paid again: Try again on a generation that failed after ProductAI
 * accepted its request (it names its job: saving to Shopify failed, or the wait for the result
 * ran out) saves that job's result again instead of sending a new request. A new generation for
 * the same product and request adopts the job, exactly as an attached unclaimed result does
 * (adopt-job.ts: `queued → processing` with the job id indexed, nothing sent, 0 credits), and is
 * polled at once: ProductAI's job endpoint gives the result's current URL (the one kept may have
 * expired), and attach and verify save it like any result.
 *
 * One owner per job: the job-id index names the generation the job is saved for. Only the
 * failed generation that owns it can be saved again (the lock makes two clicks take turns, and
 * the second finds the job owned by the first's generation). Stored in line already naming its
 * job, so a process dying before the adoption leaves it to the submit stage, which adopts it in
 * its turn (submit/steps/adopt-attached.ts, which accepts the job owned by the generation this
 * one saves again), never sending it.
 */
import { AppError } from '../../platform/errors.ts';
import { shopKeyspace } from '../../platform/keys.ts';
import type { Redis } from '../../platform/redis/connection.ts';
import { withRedisLock } from '../../platform/redis/lock.ts';
import { StaleTransitionError, type Generation } from '../generations/generation.ts';
import type { GenerationLine } from '../line/generation-line.ts';
import type { PipelineContext } from '../context.ts';
import { adoptJob, type AdoptJobDeps } from './adopt-job.ts';

/** How a saved-again result's adoption is noted in its history. */
export const RESAVED_NOTE = 'its result saved again (not charged again)';

const lockKeys = shopKeyspace('lock');
// One ProductAI-free adoption: a few Redis round trips.
const RESAVE_LOCK = { ttlMs: 30_000, waitMs: 30_000 };

export class ResaveTakenError extends AppError {
  override readonly name = 'ResaveTakenError';
  constructor(owner: string) {
    super('conflict', 'already_saving_again', { params: { generation: owner } });
  }
}

export type ResaveResult = (
  shop: string,
  failed: Generation & { productAiJobId: number },
) => Promise<Generation>;

export function createResaveResult(
  deps: AdoptJobDeps & {
    line: Pick<GenerationLine, 'enqueueGeneration'>;
    context: PipelineContext;
    redis: Redis;
  },
): ResaveResult {
  const { jobResults, context } = deps;

  async function resave(shop: string, failed: Generation & { productAiJobId: number }) {
    const jobId = failed.productAiJobId;
    const owner = await jobResults.owner(jobId);
    if (owner && owner.generationId !== failed.id) throw new ResaveTakenError(owner.generationId);
    const created = await deps.line.enqueueGeneration({
      shop,
      kind: failed.kind,
      productId: failed.productId,
      productTitle: failed.productTitle,
      productImageUrl: failed.productImageUrl,
      sourceMediaIds: failed.sourceMediaIds,
      sourceImageUrls: failed.sourceImageUrls,
      params: failed.params,
      // Paid once, by the generation it saves again.
      estimatedCredits: 0,
      priority: 'interactive',
      retryOf: failed.id,
      // Beside the options it is compared with; for its variants (nothing replaced yet).
      optionGroup: failed.optionGroup,
      variant: failed.variant && { ...failed.variant, previousMediaIds: null },
      productAiJobId: jobId,
      productAiAccount: failed.productAiAccount,
    });
    try {
      return await adoptJob(deps, context, created, jobId, {
        from: ['queued'],
        note: `ProductAI job ${jobId}, ${RESAVED_NOTE}`,
        pollNow: true,
      });
    } catch (error) {
      // The submit stage took its turn first and adopted it (or the shop is paused: in line).
      if (!(error instanceof StaleTransitionError)) throw error;
      return (await context.generations.get(shop, created.id)) ?? created;
    }
  }

  return (shop, failed) =>
    withRedisLock(
      deps.redis,
      context.clock,
      lockKeys.key(shop, 'resave', failed.productAiJobId),
      RESAVE_LOCK,
      () => resave(shop, failed),
    );
}
