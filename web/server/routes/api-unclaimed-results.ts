/**
 * Unclaimed results (src/app-api/unclaimed-results.ts): paid ProductAI results no generation
 * could claim, listed with their picture, and attached to the product the merchant chooses
 * without a new request to ProductAI (so without a new charge).
 */
import {
  AttachUnclaimedRequest,
  type UnclaimedResultList,
} from '../../../src/app-api/unclaimed-results.ts';
import { toGenerationView } from '../../../src/pipeline/generations/generation.ts';
import { UnclaimedResultGoneError } from '../../../src/pipeline/receive/unclaimed-results.ts';
import { loadProductImages } from '../../../src/pipeline/sources/source-images.ts';
import { AppError, invalidFields } from '../../../src/platform/errors.ts';
import type { AppModule } from '../module.ts';
import { shopOf } from '../plugins/session-auth.ts';
import { parse, route } from './api-support.ts';

export const unclaimedResultsApiModule: AppModule = {
  name: 'api-unclaimed-results',
  register({ api }, deps) {
    const { pipeline } = deps;

    api.get(
      '/unclaimed-results',
      route(async (req, res) => {
        const body: UnclaimedResultList = {
          results: await pipeline.unclaimedResults.list(shopOf(req)),
        };
        res.json(body);
      }),
    );

    api.post(
      '/unclaimed-results/:jobId/attach',
      route(async (req, res) => {
        const shop = shopOf(req);
        const jobId = Number(req.params.jobId);
        if (!Number.isSafeInteger(jobId) || jobId <= 0) {
          throw new AppError('invalid', 'invalid_id', 'Not a ProductAI job id.');
        }
        const { productId } = parse(AttachUnclaimedRequest, req.body);
        // The result is finished: the product needs only to exist (its id and title), not to
        // have images to send.
        const product = await loadProductImages(deps.admin.forShop(shop), productId);
        if (!product) {
          throw invalidFields('invalid_product', [
            { field: 'productId', message: 'This product is no longer in your store.' },
          ]);
        }
        try {
          const generation = await pipeline.unclaimedResults.attach(shop, jobId, product);
          res.status(202).json(toGenerationView(generation));
        } catch (error) {
          if (error instanceof UnclaimedResultGoneError) {
            throw new AppError('conflict', 'result_gone', error.message);
          }
          throw error;
        }
      }),
    );
  },
};
