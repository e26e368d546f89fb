/**
 * The review part of the JSON contract: choosing among a request's results, deciding a set made
 * per variant, and one decision applied to many results. Browser-safe: zod only.
 */
import { z } from 'zod';
import { GenerationView, MAX_CANDIDATES } from './generations.ts';
import { BulkRunId, GenerationId, shopifyGid } from './ids.ts';
import { FidelityVerdict } from './result-checks.ts';

/**
 * Approving several results at once, some of which the fidelity check flagged (changed, or check
 * it): `true` says the merchant was shown them and confirmed publishing them. Without it such an
 * approval is refused (409 `flagged_results`, nothing decided); results none flagged need nothing.
 */
export const ApproveFlagged = z.literal(true).optional();

/**
 * A product's set of results made one per variant, decided together:
 *   POST /api/variant-sets/:id/decision   DecideVariantSetRequest -> VariantSetView
 * `generationIds`: the results decided (every result of the set waiting in review when absent;
 * a value asked with several options is chosen among by naming one).
 */
export const DecideVariantSetRequest = z.object({
  productId: shopifyGid('Product'),
  action: z.enum(['approve', 'reject']),
  generationIds: z.array(GenerationId).min(1).max(100).optional(),
  approveFlagged: ApproveFlagged,
});
export type DecideVariantSetRequest = z.infer<typeof DecideVariantSetRequest>;

export const VariantSetView = z.object({
  id: z.string(),
  /** The set's results in the product's order of values, each value's options together. */
  generations: z.array(GenerationView),
});
export type VariantSetView = z.infer<typeof VariantSetView>;

/** The options of one request, oldest first. */
export const CandidateGroupView = z.object({
  id: z.string(),
  generations: z.array(GenerationView),
});
export type CandidateGroupView = z.infer<typeof CandidateGroupView>;

/** Publish these options; every other option of the request waiting in review is discarded. */
export const ChooseCandidatesRequest = z.object({
  generationIds: z
    .array(GenerationId)
    .min(1)
    .max(MAX_CANDIDATES * 4),
});
export type ChooseCandidatesRequest = z.infer<typeof ChooseCandidatesRequest>;

/** One decision applied to many generations, as server-side work that reports its progress. */
export const ReviewBatchAction = z.enum(['approve', 'reject', 'undo']);
export type ReviewBatchAction = z.infer<typeof ReviewBatchAction>;

export const MAX_SELECTED_GENERATIONS = 100;
export const CreateReviewBatchRequest = z.object({
  action: ReviewBatchAction,
  target: z.discriminatedUnion('type', [
    /** Generations the merchant selected. */
    z.object({
      type: z.literal('generations'),
      ids: z.array(GenerationId).min(1).max(MAX_SELECTED_GENERATIONS),
    }),
    /**
     * Every generation of a bulk run the action applies to (in review; published for undo),
     * or only those the fidelity check gave this verdict ("Approve all changed").
     */
    z.object({
      type: z.literal('bulkRun'),
      bulkRunId: BulkRunId,
      fidelity: FidelityVerdict.optional(),
    }),
  ]),
  approveFlagged: ApproveFlagged,
});
export type CreateReviewBatchRequest = z.infer<typeof CreateReviewBatchRequest>;

export const ReviewBatchView = z.object({
  id: z.string(),
  action: ReviewBatchAction,
  state: z.enum(['running', 'done']),
  /** Generations the action was asked for (a run's: those in the action's state when it started). */
  total: z.number().int(),
  done: z.number().int(),
  /** Not in a state the action applies to any more (decided meanwhile): left as they are. */
  skipped: z.number().int(),
  failed: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ReviewBatchView = z.infer<typeof ReviewBatchView>;
