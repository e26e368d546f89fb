/**
 * Unclaimed results (contract: src/app-api/unclaimed-results.ts; the use cases:
 * src/features/unclaimed-results/service.ts): paid ProductAI results no generation could claim, listed
 * with their picture, and attached to the product the merchant chooses without a new request to
 * ProductAI (so without a new charge).
 *
 *   GET  /api/unclaimed-results               -> UnclaimedResultList
 *   POST /api/unclaimed-results/:jobId/attach AttachUnclaimedRequest -> GenerationView (202)
 */
import { ProductAiJobId } from '../../../src/app-api/ids.ts';
import { AttachUnclaimedRequest } from '../../../src/app-api/unclaimed-results.ts';
import type { AppModule } from '../module.ts';
import { shopOf } from '../plugins/session-auth.ts';
import { parse, pathParam } from './api-support.ts';

export const unclaimedResultsApiModule: AppModule = {
  name: 'api-unclaimed-results',
  register({ api }, app) {
    const unclaimedResults = app.features.unclaimedResults;

    api.get('/unclaimed-results', async (req, res) => {
      res.json(await unclaimedResults.list(shopOf(req)));
    });

    api.post('/unclaimed-results/:jobId/attach', async (req, res) => {
      const jobId = pathParam(req, ProductAiJobId, 'jobId');
      const { productId } = parse(AttachUnclaimedRequest, req.body);
      res.status(202).json(await unclaimedResults.attach(shopOf(req), jobId, productId));
    });
  },
};
