/**
 * Review routes (the use cases: src/features/review/service.ts): choosing among the options of one
 * request, and one decision applied to many generations as server-side work with progress (a
 * selection, or a bulk run's "approve all" / "undo all").
 *
 *   GET  /api/option-groups/:id          -> OptionGroupView
 *   POST /api/option-groups/:id/choose   ChooseOptionsRequest -> OptionGroupView
 *   POST /api/variant-sets/:id/decision  DecideVariantSetRequest -> VariantSetView
 *   POST /api/review-batches             CreateReviewBatchRequest -> ReviewBatchView (202)
 *   GET  /api/review-batches/:id         -> ReviewBatchView
 *
 * An approval of a set or a batch that would publish results the product check flagged answers
 * 409 `flagged_results` unless the request says `approveFlagged: true` (flagged-approval.ts).
 */
import {
  ChooseOptionsRequest,
  CreateReviewBatchRequest,
  DecideVariantSetRequest,
  GenerationId,
  OptionGroupId,
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
      res.json(await review.optionGroup(shopOf(req), pathParam(req, OptionGroupId)));
    });

    api.post('/option-groups/:id/choose', async (req, res) => {
      const group = pathParam(req, OptionGroupId);
      const request = parse(ChooseOptionsRequest, req.body);
      res.json(await review.chooseOptions(shopOf(req), group, request));
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
