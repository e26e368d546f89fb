/**
 * Results nobody claimed, for the merchant: a webhook delivered a result to the shop's URL for a
 * job id no generation recorded, and reconciliation could not give it an owner (a job of the
 * account made outside the app, or several jobs fitting one submission). They are paid for, so
 * they are shown with their picture (Activity) and the merchant can attach one to the right
 * product without paying again: a new generation for that product adopts the job (the same
 * atomic step as any adoption, adopt-job.ts: `queued → processing` with the job id indexed, so
 * the job is attached once), and publishes it like any result.
 */
import { AppError } from '../../platform/errors.ts';
import { shopKeyspace } from '../../platform/keys.ts';
import type { Redis } from '../../platform/redis/connection.ts';
import { withRedisLock } from '../../platform/redis/lock.ts';
import type { Generation, GenerationKind } from '../generations/generation.ts';
import type { GenerationStore } from '../generations/generation-store.ts';
import type { PipelineContext } from '../context.ts';
import { adoptJob, type AdoptJobDeps } from './adopt-job.ts';

export interface UnclaimedResult {
  jobId: number;
  /** ProductAI's result file (image or video). */
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
    super(
      'not_found',
      'not_found',
      'This result is no longer waiting: it was attached, or it expired.',
    );
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
// Attaching is a few Redis round trips: the lock only makes two clicks take turns.
const ATTACH_LOCK = { ttlMs: 10_000, waitMs: 10_000 };

export function createUnclaimedResults(
  deps: AdoptJobDeps & { generations: GenerationStore; context: PipelineContext; redis: Redis },
): UnclaimedResults {
  const { jobResults, generations, context, redis } = deps;

  async function list(shop: string): Promise<UnclaimedResult[]> {
    const found: UnclaimedResult[] = [];
    for (const jobId of await jobResults.unclaimed(shop)) {
      const result = await jobResults.get(jobId);
      if (result?.status !== 'success' || !result.imageUrl) continue;
      if (await jobResults.owner(jobId)) continue;
      const mediaType = VIDEO_FILE.test(result.imageUrl) ? 'video' : 'image';
      found.push({ jobId, url: result.imageUrl, mediaType, receivedAt: result.receivedAt });
    }
    return found;
  }

  async function attach(shop: string, jobId: number, product: AttachTarget) {
    const waiting = (await list(shop)).find((result) => result.jobId === jobId);
    if (!waiting) throw new UnclaimedResultGoneError();
    const kind: GenerationKind = waiting.mediaType === 'video' ? 'video' : 'photo';
    // Created but never put in line: only adoption moves it, so it is never submitted.
    const created = await generations.create({
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
    });
    return adoptJob(deps, context, created, jobId, {
      from: ['queued'],
      note: `ProductAI job ${jobId}, an unclaimed result the merchant attached (not charged again)`,
    });
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
