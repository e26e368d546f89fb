/**
 * Unclaimed results (contract: src/app-api/unclaimed-results.ts): paid ProductAI results no
 * generation could claim, listed with their picture, and attached to the product the merchant
 * chooses without a new request to ProductAI (so without a new charge).
 */
import type { GenerationView } from '../../app-api/contract.ts';
import type { UnclaimedResultList } from '../../app-api/unclaimed-results.ts';
import { AppError, invalidFields } from '../../platform/errors.ts';
import type { AdminClientFactory } from '../../shopify/admin-client.ts';
import {
  type Pipeline,
  toGenerationView,
  UnclaimedResultGoneError,
  loadProductImages,
} from '../../pipeline/index.ts';

export interface UnclaimedResultsService {
  list(shop: string): Promise<UnclaimedResultList>;
  /**
   * The new generation that adopts ProductAI's job `jobId` for the product: `invalid_product`
   * when the product is not in the store, `result_gone` (conflict) when the result is not (or no
   * longer) the shop's to attach, as after a first attach.
   */
  attach(shop: string, jobId: number, productId: string): Promise<GenerationView>;
}

export interface UnclaimedResultsServiceDeps {
  pipeline: Pick<Pipeline, 'unclaimedResults'>;
  admin: AdminClientFactory;
}

export function createUnclaimedResultsService(
  deps: UnclaimedResultsServiceDeps,
): UnclaimedResultsService {
  const { unclaimedResults } = deps.pipeline;
  return {
    async list(shop) {
      return { results: await unclaimedResults.list(shop) };
    },

    async attach(shop, jobId, productId) {
      // The result is finished: the product needs only to exist (its id and title), not to have
      // images to send.
      const product = await loadProductImages(deps.admin.forShop(shop), productId);
      if (!product) {
        throw invalidFields('invalid_product', [{ field: 'productId', code: 'product_not_found' }]);
      }
      try {
        return toGenerationView(await unclaimedResults.attach(shop, jobId, product));
      } catch (error) {
        if (!(error instanceof UnclaimedResultGoneError)) throw error;
        throw new AppError('conflict', 'result_gone', { cause: error });
      }
    },
  };
}
