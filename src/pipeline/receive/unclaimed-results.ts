/**
 * Results nobody claimed, for the merchant: a webhook delivered a result to the shop's URL for a
 * job id no generation recorded, and reconciliation could not give it an owner (a job of the
 * account made outside the app, or several jobs fitting one submission). They are paid for, so
 * they are shown with their picture (Activity) and the merchant can attach one to the right
 * product without paying again: a new generation for that product adopts the job (the same
 * atomic step as any adoption, adopt-job.ts: `queued → processing` with the job id indexed, so
 * the job is attached once), and publishes it like any result.
 */
import type { Generation, NewGeneration } from '../generations/generation.ts';
import type { GenerationStore } from '../generations/generation-store.ts';
import type { PipelineContext } from '../stages/stage.ts';
import { adoptJob, type AdoptJobDeps } from './adopt-job.ts';

export interface UnclaimedResult {
  jobId: number;
  /** ProductAI's result file (image or video). */
  url: string;
  /** ISO 8601. */
  receivedAt: string;
}

export class UnclaimedResultGoneError extends Error {
  override readonly name = 'UnclaimedResultGoneError';
  constructor(jobId: number) {
    super(`Result ${jobId} is no longer waiting: it was attached, or it expired.`);
  }
}

export interface UnclaimedResults {
  /** The shop's unclaimed successful results, oldest first. */
  list(shop: string): Promise<UnclaimedResult[]>;
  /** A generation for the product (from `intake`) that adopts the job; nothing is sent. */
  attach(shop: string, jobId: number, intake: NewGeneration): Promise<Generation>;
}

export function createUnclaimedResults(
  deps: AdoptJobDeps & { generations: GenerationStore; context: PipelineContext },
): UnclaimedResults {
  const { jobResults, generations, context } = deps;

  async function list(shop: string): Promise<UnclaimedResult[]> {
    const found: UnclaimedResult[] = [];
    for (const jobId of await jobResults.unclaimed(shop)) {
      const result = await jobResults.get(jobId);
      if (result?.status !== 'success' || !result.imageUrl) continue;
      if (await jobResults.owner(jobId)) continue;
      found.push({ jobId, url: result.imageUrl, receivedAt: result.receivedAt });
    }
    return found;
  }

  return {
    list,
    async attach(shop, jobId, intake) {
      const waiting = (await list(shop)).some((result) => result.jobId === jobId);
      if (!waiting) throw new UnclaimedResultGoneError(jobId);
      const apiKey = (await context.settings.getApiKey(shop)) ?? '';
      // Created but never put in line: only adoption moves it, so it is never submitted.
      const created = await generations.create({ ...intake, estimatedCredits: 0 });
      return adoptJob(
        deps,
        context,
        created,
        { jobId, apiKey },
        {
          from: ['queued'],
          note: `ProductAI job ${jobId}, an unclaimed result the merchant attached (not charged again)`,
        },
      );
    },
  };
}
