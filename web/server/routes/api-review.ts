/**
 * Review routes (the use cases: src/features/review/service.ts): choosing among the options of one
 * request, and one decision applied to many generations as server-side work with progress (a
 * selection, or a bulk run's "approve all" / "undo all").
 *
 *   GET  /api/option-groups/:id          -> CandidateGroupView
 *   POST /api/option-groups/:id/choose   ChooseCandidatesRequest -> CandidateGroupView
 *   POST /api/variant-sets/:id/decision  DecideVariantSetRequest -> VariantSetView
 *   POST /api/review-batches             CreateReviewBatchRequest -> ReviewBatchView (202)
 *   GET  /api/review-batches/:id         -> ReviewBatchView
 *
 * An approval of a set or a batch that would publish results the product check flagged answers
 * 409 `flagged_results` unless the request says `approveFlagged: true` (flagged-approval.ts).
 */
import {
  ChooseCandidatesRequest,
  CreateReviewBatchRequest,
  DecideVariantSetRequest,
  GenerationId,
  CandidateGroupId,
  ReviewBatchId,
} from '../../../src/app-api/contract.ts';
import type { AppModule } from '../module.ts';
import { shopOf } from '../plugins/session-auth.ts';
import { parse, pathParam } from './api-support.ts';

export const reviewApiModule: AppModule = {
  name: 'api-review',
  register({ api }, app) {
    const review = app.features.review;

    api.get('/option-groups/:id', async (req, res) => {
      res.json(await review.candidateGroup(shopOf(req), pathParam(req, CandidateGroupId)));
    });

    api.post('/option-groups/:id/choose', async (req, res) => {
      const group = pathParam(req, CandidateGroupId);
      const request = parse(ChooseCandidatesRequest, req.body);
      res.json(await review.chooseCandidates(shopOf(req), group, request));
    });

    api.post('/variant-sets/:id/decision', async (req, res) => {
      const setId = pathParam(req, GenerationId);
      const request = parse(DecideVariantSetRequest, req.body);
      res.json(await review.decideVariantSet(shopOf(req), setId, request));
    });

    api.post('/review-batches', async (req, res) => {
      const request = parse(CreateReviewBatchRequest, req.body);
      res.status(202).json(await review.startBatch(shopOf(req), request));
    });

    api.get('/review-batches/:id', async (req, res) => {
      res.json(await review.batch(shopOf(req), pathParam(req, ReviewBatchId)));
    });
  },
};
