/**
 * Results nobody claimed, for the merchant: a webhook delivery named, on the shop's URL, a job id
 * no generation recorded, and reconciliation could not give it an owner (a job of the account
 * made outside the app, or several jobs fitting one submission). They are paid for, so they are
 * shown with their picture (Activity) and the merchant can attach one to the right product
 * without paying again: a new generation for that product adopts the job (the same atomic step
 * as any adoption, adopt-job.ts: `queued → processing` with the job id indexed, so the job is
 * attached once), and publishes it like any result.
 *
 * A delivery is only a notice (webhook-receiver.ts): what is shown and attached is ProductAI's
 * own answer for the job, read with the shop's saved key. A job ProductAI does not know for that
 * key (another account's, or a job id made up) or that has not completed is not shown and cannot
 * be attached. The attached generation records that key's account, so its result is read with
 * it, as any job is (job-check.ts). Listing asks ProductAI about a waiting job until its answer
 * cannot change any more, a few at a time; settled answers are remembered (unclaimed-answers.ts).
 */
import { AppError } from '../../platform/errors.ts';
import { shopKeyspace } from '../../platform/keys.ts';
import type { Redis } from '../../platform/redis/connection.ts';
import { withRedisLock } from '../../platform/redis/lock.ts';
import { isProductAiError } from '../../productai/errors.ts';
import {
  StaleTransitionError,
  type Generation,
  type GenerationKind,
} from '../generations/generation.ts';
import type { GenerationLine } from '../line/generation-line.ts';
import { accountOf } from '../../productai/account.ts';
import type { GenerationStore } from '../generations/generation-store.ts';
import type { PipelineContext } from '../context.ts';
import { ATTACHED_NOTE, adoptJob, type AdoptJobDeps } from './adopt-job.ts';
import type { UnclaimedJob } from './job-results.ts';
import { createUnclaimedAnswers, type SettledAnswer } from './unclaimed-answers.ts';

export interface UnclaimedResult {
  jobId: number;
  /** ProductAI's result file (image or video), as its job endpoint reports it. */
  url: string;
  mediaType: 'image' | 'video';
  /** ISO 8601. */
  receivedAt: string;
}

/** The product a result is attached to: what a generation shows of it (no images needed). */
export interface AttachTarget {
  id: string;
  title: string;
  imageUrl: string | null;
}

export class UnclaimedResultGoneError extends AppError {
  override readonly name = 'UnclaimedResultGoneError';
  constructor() {
    super('not_found', 'result_gone');
  }
}

export interface UnclaimedResults {
  /** The shop's unclaimed successful results, oldest first. */
  list(shop: string): Promise<UnclaimedResult[]>;
  /**
   * A generation for the product that adopts the job; nothing is sent. Throws
   * UnclaimedResultGoneError when the result is not (or no longer) the shop's to attach.
   */
  attach(shop: string, jobId: number, product: AttachTarget): Promise<Generation>;
}

// ProductAI's result URLs end with the file's extension (spec: results are PNG/JPEG/WebP or MP4).
const VIDEO_FILE = /\.(mp4|mov|webm)(\?|$)/i;
const lockKeys = shopKeyspace('lock');
// Attaching is a ProductAI read and a few Redis round trips: the lock makes two clicks take turns.
const ATTACH_LOCK = { ttlMs: 30_000, waitMs: 30_000 };
// ProductAI reads in flight at once while listing.
const LIST_CONCURRENCY = 4;

export function createUnclaimedResults(
  deps: AdoptJobDeps & {
    generations: GenerationStore;
    line: Pick<GenerationLine, 'enqueueGeneration'>;
    context: PipelineContext;
    redis: Redis;
  },
): UnclaimedResults {
  const { jobResults, generations, context, redis } = deps;
  const answers = createUnclaimedAnswers(redis);

  /** What ProductAI says for good about the job, or null while it may still change. */
  async function ask(
    shop: string,
    apiKey: string,
    jobId: number,
    known: SettledAnswer | undefined,
  ): Promise<SettledAnswer | null> {
    if (known) return known;
    let answer: SettledAnswer;
    try {
      const job = await context.productAi(apiKey).getJob(jobId);
      if (job.status !== 'COMPLETED' || !job.image_url) return null;
      answer = { url: job.image_url };
    } catch (error) {
      if (!isProductAiError(error)) throw error;
      // Anything but job_not_found (not this account's job): not shown until ProductAI answers.
      if (!isProductAiError(error, 'job_not_found')) {
        context.logger.warn({ err: error, shop, jobId }, 'could not check an unclaimed result');
        return null;
      }
      answer = { notFound: true };
    }
    await answers.keep(shop, accountOf(apiKey), jobId, answer);
    return answer;
  }

  /** ProductAI's completed results for waiting jobs no generation owns, in their order. */
  async function verify(
    shop: string,
    apiKey: string,
    jobs: readonly UnclaimedJob[],
  ): Promise<UnclaimedResult[]> {
    const known = await answers.get(
      shop,
      accountOf(apiKey),
      jobs.map((job) => job.jobId),
    );
    const found: UnclaimedResult[] = [];
    for (let i = 0; i < jobs.length; i += LIST_CONCURRENCY) {
      const batch = jobs.slice(i, i + LIST_CONCURRENCY);
      const results = await Promise.all(
        batch.map(async ({ jobId, receivedAt }): Promise<UnclaimedResult | null> => {
          if (await jobResults.owner(jobId)) return null;
          const answer = await ask(shop, apiKey, jobId, known.get(jobId));
          if (!answer || !('url' in answer)) return null;
          const mediaType = VIDEO_FILE.test(answer.url) ? 'video' : 'image';
          return { jobId, url: answer.url, mediaType, receivedAt };
        }),
      );
      for (const result of results) if (result) found.push(result);
    }
    return found;
  }

  async function list(shop: string): Promise<UnclaimedResult[]> {
    const apiKey = await context.settings.getApiKey(shop);
    if (!apiKey) return [];
    return verify(shop, apiKey, await jobResults.unclaimed(shop));
  }

  async function attach(shop: string, jobId: number, product: AttachTarget) {
    const entry = (await jobResults.unclaimed(shop)).find((job) => job.jobId === jobId);
    const apiKey = await context.settings.getApiKey(shop);
    if (!entry || !apiKey) throw new UnclaimedResultGoneError();
    const [waiting] = await verify(shop, apiKey, [entry]);
    if (!waiting) throw new UnclaimedResultGoneError();
    const kind: GenerationKind = waiting.mediaType === 'video' ? 'video' : 'photo';
    const account = accountOf(apiKey);
    // Stored in line already naming its job (one atomic step): should this process die before
    // the adoption below, the submit stage adopts it in its turn, never sending it
    // (submit/steps/adopt-attached.ts). So no crash leaves it `queued` and out of line.
    const created = await deps.line.enqueueGeneration({
      shop,
      kind,
      productId: product.id,
      productTitle: product.title,
      productImageUrl: product.imageUrl,
      sourceMediaIds: [],
      sourceImageUrls: [],
      params: {},
      estimatedCredits: 0,
      priority: 'interactive',
      productAiJobId: jobId,
      productAiAccount: account,
    });
    try {
      // A shop paused for credits or its key holds it `paused` like any generation; it is
      // adopted in its turn once the shop resumes.
      return await adoptJob(deps, context, created, jobId, {
        from: ['queued'],
        note: `ProductAI job ${jobId}, ${ATTACHED_NOTE}`,
        account,
      });
    } catch (error) {
      // The submit stage took its turn first and adopted it.
      if (!(error instanceof StaleTransitionError)) throw error;
      return (await generations.get(shop, created.id)) ?? created;
    }
  }

  return {
    list,
    // One attach per job at a time: the second click finds the job owned and is refused, so
    // a double click never makes two generations of one result.
    attach: (shop, jobId, product) =>
      withRedisLock(
        redis,
        context.clock,
        lockKeys.key(shop, 'unclaimed-attach', jobId),
        ATTACH_LOCK,
        () => attach(shop, jobId, product),
      ),
  };
}
