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
  ChooseOptionsRequest,
  CreateReviewBatchRequest,
  DecideVariantSetRequest,
  OptionGroupView,
  ReviewBatchView,
  VariantSetView,
} from '../../app-api/contract.ts';
import { AppError } from '../../platform/errors.ts';
import type { AdminClientFactory } from '../../shopify/admin-client.ts';
import {
  type Pipeline,
  toGenerationView,
  type Generation,
  chooseOptions,
  decideVariantSet,
} from '../../pipeline/index.ts';
import { reviewDepsOf } from '../generations/service.ts';
import { asMerchantAction } from '../merchant-conflicts.ts';

export interface ReviewService {
  /** The options of one request, oldest first. */
  optionGroup(shop: string, id: string): Promise<OptionGroupView>;
  /** Publishes the chosen options and discards the others waiting in review. */
  chooseOptions(shop: string, id: string, request: ChooseOptionsRequest): Promise<OptionGroupView>;
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

function groupView(id: string, generations: Generation[]): OptionGroupView {
  return { id, generations: generations.map((generation) => toGenerationView(generation)) };
}

export function createReviewService(deps: ReviewServiceDeps): ReviewService {
  const { pipeline } = deps;
  const review = reviewDepsOf(deps);

  return {
    async optionGroup(shop, id) {
      const generations = await pipeline.generations.optionGroup(shop, id);
      if (generations.length === 0) {
        throw new AppError('not_found', 'options_not_found');
      }
      return groupView(id, generations);
    },

    chooseOptions: (shop, id, { generationIds }) =>
      asMerchantAction('approve', async () =>
        groupView(id, await chooseOptions(review, shop, id, generationIds)),
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
