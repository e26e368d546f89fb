/**
 * Review beyond one generation at a time: choosing among the options of one request (the chosen
 * ones published, the others discarded), a product's set of results made one per variant decided
 * together (pipeline/publish/variant-set-decision.ts), and one decision applied to many generations as
 * server-side work with progress (a selection, or a bulk run's "approve all" / "undo all").
 *
 * A choice that loses a race to another tab or to the pipeline is a conflict in the merchant's
 * words ("This generation is discarded now, so it cannot be approved.").
 */
import type {
  ChooseCandidatesRequest,
  CreateReviewBatchRequest,
  DecideVariantSetRequest,
  CandidateGroupView,
  ReviewBatchView,
  VariantSetView,
} from '../../app-api/contract.ts';
import { AppError } from '../../platform/errors.ts';
import type { AdminClientFactory } from '../../shopify/admin-client.ts';
import {
  type Pipeline,
  toGenerationView,
  type Generation,
  chooseCandidates,
  decideVariantSet,
} from '../../pipeline/index.ts';
import { reviewDepsOf } from '../generations/service.ts';
import { asMerchantAction } from '../merchant-conflicts.ts';

export interface ReviewService {
  /** The options of one request, oldest first. */
  candidateGroup(shop: string, id: string): Promise<CandidateGroupView>;
  /** Publishes the chosen options and discards the others waiting in review. */
  chooseCandidates(
    shop: string,
    id: string,
    request: ChooseCandidatesRequest,
  ): Promise<CandidateGroupView>;
  /**
   * Approves or rejects a product's set of results made one per variant, one, some or all of it
   * (a value with options: the one named is chosen, its other options discarded).
   */
  decideVariantSet(
    shop: string,
    setId: string,
    request: DecideVariantSetRequest,
  ): Promise<VariantSetView>;
  /** Hands the batch to the workers and answers at once with its progress. */
  startBatch(shop: string, request: CreateReviewBatchRequest): Promise<ReviewBatchView>;
  batch(shop: string, id: string): Promise<ReviewBatchView>;
}

export interface ReviewServiceDeps {
  pipeline: Pipeline;
  admin: AdminClientFactory;
}

function groupView(id: string, generations: Generation[]): CandidateGroupView {
  return { id, generations: generations.map((generation) => toGenerationView(generation)) };
}

export function createReviewService(deps: ReviewServiceDeps): ReviewService {
  const { pipeline } = deps;
  const review = reviewDepsOf(deps);

  return {
    async candidateGroup(shop, id) {
      const generations = await pipeline.generations.candidateGroup(shop, id);
      if (generations.length === 0) {
        throw new AppError('not_found', 'options_not_found');
      }
      return groupView(id, generations);
    },

    chooseCandidates: (shop, id, { generationIds }) =>
      asMerchantAction('approve', async () =>
        groupView(id, await chooseCandidates(review, shop, id, generationIds)),
      ),

    decideVariantSet: (shop, setId, { productId, action, generationIds, approveFlagged }) =>
      asMerchantAction(action, async () => ({
        id: setId,
        generations: (
          await decideVariantSet(review, shop, productId, setId, {
            action,
            generationIds,
            approveFlagged,
          })
        ).map((generation) => toGenerationView(generation)),
      })),

    startBatch: (shop, { action, target, approveFlagged }) =>
      pipeline.reviewBatches.start(shop, action, target, { approveFlagged }),

    async batch(shop, id) {
      const batch = await pipeline.reviewBatches.get(shop, id);
      if (!batch) throw new AppError('not_found', 'batch_not_found');
      return batch;
    },
  };
}
