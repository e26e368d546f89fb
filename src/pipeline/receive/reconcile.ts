/**
 * Reconciliation: settling submissions that went `uncertain` (the request may have reached
 * ProductAI, but no answer came back) with results nobody claimed (a webhook for a job id no
 * generation recorded, arriving at this shop's webhook URL).
 *
 * Runs per shop (the `reconcile` queue) whenever either side appears: a generation goes
 * uncertain, or an unknown job id arrives. A result is adopted by an uncertain generation only
 * when the match is unambiguous: ProductAI says (GET job, with the shop's key) the job belongs
 * to the shop's account and carries the generation's prompt (upscale jobs carry a fixed text:
 * any upscale fits), the generation was submitted before the result arrived, exactly one
 * generation fits the job among the uncertain AND the still-submitting ones (a request in
 * flight may claim it with its own answer), and exactly one unclaimed job fits that
 * generation. Otherwise nothing is guessed: the result stays
 * unclaimed (a week) and the merchant decides (resubmit / abandon), because attaching another
 * product's picture would be worse than asking.
 *
 * The adoption is the same atomic transition as any result (finish-job.ts), from `uncertain`,
 * with the job id recorded and indexed in the same step, so a second run adopts nothing twice.
 */
import type { Generation } from '../generations/generation.ts';
import type { PipelineQueues } from '../stages/queues.ts';
import { DONE, type PipelineContext, type StageHandler } from '../stages/stage.ts';
import { isProductAiError } from '../../productai/errors.ts';
import { finishJob } from './finish-job.ts';
import type { JobResult, JobResults } from './job-results.ts';

const MAX_CONTENDERS = 500;

export function createReconcileStage(deps: {
  jobResults: JobResults;
  queues: PipelineQueues;
}): StageHandler {
  const { jobResults, queues } = deps;

  async function jobPrompt(
    ctx: PipelineContext,
    shop: string,
    jobId: number,
  ): Promise<string | null> {
    const apiKey = await ctx.settings.getApiKey(shop);
    if (!apiKey) return null;
    try {
      return (await ctx.productAi(apiKey).getJob(jobId)).prompt ?? '';
    } catch (error) {
      // Not this account's job (or no key to ask with): it cannot be one of ours.
      if (isProductAiError(error, 'job_not_found') || isProductAiError(error, 'invalid_key'))
        return null;
      throw error;
    }
  }

  /** Whether a generation could have produced this job: sent before the result, same prompt. */
  function fits(generation: Generation, result: JobResult, prompt: string): boolean {
    return (
      generation.submittedAt !== null &&
      Date.parse(generation.submittedAt) <= Date.parse(result.receivedAt) &&
      (generation.kind === 'upscale' || (generation.params.prompt ?? '') === prompt)
    );
  }

  async function inState(
    ctx: PipelineContext,
    shop: string,
    state: 'uncertain' | 'submitting',
  ): Promise<Generation[]> {
    const ids = await ctx.generations.idsInState(shop, state, MAX_CONTENDERS);
    const found = await Promise.all(ids.map((id) => ctx.generations.get(shop, id)));
    return found.filter((generation): generation is Generation => generation?.state === state);
  }

  return async ({ shop }, ctx) => {
    const unclaimed = await jobResults.unclaimed(shop);
    if (unclaimed.length === 0) return DONE;
    const uncertain = await inState(ctx, shop, 'uncertain');
    if (uncertain.length === 0) return DONE;
    // A request still in flight may yet claim a result with its own answer: it competes.
    const contenders = [...uncertain, ...(await inState(ctx, shop, 'submitting'))];

    const open: { jobId: number; result: JobResult; prompt: string }[] = [];
    for (const jobId of unclaimed) {
      const owner = await jobResults.owner(jobId);
      if (owner) {
        // Claimed meanwhile by its own submission (the webhook was faster than the answer).
        await jobResults.removeUnclaimed(shop, jobId);
        await queues.add('result', owner, owner.generationId);
        continue;
      }
      const result = await jobResults.get(jobId);
      if (!result) {
        await jobResults.removeUnclaimed(shop, jobId);
        continue;
      }
      const prompt = await jobPrompt(ctx, shop, jobId);
      if (prompt !== null) open.push({ jobId, result, prompt });
    }

    for (const job of open) {
      const candidates = contenders.filter((generation) =>
        fits(generation, job.result, job.prompt),
      );
      const generation = candidates[0];
      const rivals = open.filter(
        (other) => generation && fits(generation, other.result, other.prompt),
      );
      if (candidates.length !== 1 || generation!.state !== 'uncertain' || rivals.length !== 1) {
        ctx.logger.info(
          { shop, jobId: job.jobId, candidates: candidates.length },
          'unclaimed result not matched unambiguously; left to the merchant',
        );
        continue;
      }
      const ref = { shop, generationId: generation!.id };
      const adopted = await finishJob(
        ctx,
        ref,
        { ...job.result, jobId: job.jobId, kind: generation!.kind },
        {
          from: ['uncertain'],
          via: 'a webhook for the uncertain submission',
          patch: { productAiJobId: job.jobId, chargedCredits: generation!.estimatedCredits },
          alsoSet: jobResults.ownerEntry(job.jobId, ref),
        },
      );
      if (adopted) await jobResults.removeUnclaimed(shop, job.jobId);
    }
    return DONE;
  };
}
