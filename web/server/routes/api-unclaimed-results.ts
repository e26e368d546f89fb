/**
 * Unclaimed results (contract: src/app-api/unclaimed-results.ts; the use cases:
 * src/services/unclaimed-results.ts): paid ProductAI results no generation could claim, listed
 * with their picture, and attached to the product the merchant chooses without a new request to
 * ProductAI (so without a new charge).
 *
 *   GET  /api/unclaimed-results               -> UnclaimedResultList
 *   POST /api/unclaimed-results/:jobId/attach AttachUnclaimedRequest -> GenerationView (202)
 */
import type { Request } from 'express';
import { AttachUnclaimedRequest } from '../../../src/app-api/unclaimed-results.ts';
import { AppError } from '../../../src/platform/errors.ts';
import type { AppModule } from '../module.ts';
import { shopOf } from '../plugins/session-auth.ts';
import { parse } from './api-support.ts';

/** ProductAI's job id in the path: a positive integer. */
function jobIdParam(req: Request): number {
  const jobId = Number(req.params.jobId);
  if (!Number.isSafeInteger(jobId) || jobId <= 0) {
    throw new AppError('invalid', 'invalid_id', 'Not a ProductAI job id.');
  }
  return jobId;
}

export const unclaimedResultsApiModule: AppModule = {
  name: 'api-unclaimed-results',
  register({ api }, app) {
    const unclaimedResults = app.services.unclaimedResults;

    api.get('/unclaimed-results', async (req, res) => {
      res.json(await unclaimedResults.list(shopOf(req)));
    });

    api.post('/unclaimed-results/:jobId/attach', async (req, res) => {
      const jobId = jobIdParam(req);
      const { productId } = parse(AttachUnclaimedRequest, req.body);
      res.status(202).json(await unclaimedResults.attach(shopOf(req), jobId, productId));
    });
  },
};
