/**
 * Review routes: choosing among the options of one request, and one decision applied to many
 * generations as server-side work with progress (a selection, or a bulk run's "approve all" /
 * "undo all").
 *
 *   GET  /api/option-groups/:id          -> OptionGroupView
 *   POST /api/option-groups/:id/choose   ChooseOptionsRequest -> OptionGroupView
 *   POST /api/review-batches             CreateReviewBatchRequest -> ReviewBatchView (202)
 *   GET  /api/review-batches/:id         -> ReviewBatchView
 */
import {
  ChooseOptionsRequest,
  CreateReviewBatchRequest,
  type OptionGroupView,
} from '../../../src/app-api/contract.ts';
import { toGenerationView, type Generation } from '../../../src/pipeline/generations/generation.ts';
import { chooseOptions } from '../../../src/pipeline/publish/index.ts';
import { AppError } from '../../../src/platform/errors.ts';
import type { AppModule } from '../module.ts';
import { shopOf } from '../plugins/session-auth.ts';
import { idParam, parse, reviewDepsFor, route } from './api-support.ts';

function groupView(id: string, generations: Generation[]): OptionGroupView {
  return { id, generations: generations.map(toGenerationView) };
}

export const reviewApiModule: AppModule = {
  name: 'api-review',
  register({ api }, deps) {
    const { pipeline } = deps;
    const review = reviewDepsFor(deps);
    const batches = pipeline.reviewBatches;

    api.get(
      '/option-groups/:id',
      route(async (req, res) => {
        const generations = await pipeline.generations.optionGroup(shopOf(req), idParam(req));
        if (generations.length === 0) {
          throw new AppError('not_found', 'not_found', 'These options no longer exist.');
        }
        res.json(groupView(idParam(req), generations));
      }),
    );

    api.post(
      '/option-groups/:id/choose',
      route(async (req, res) => {
        const { generationIds } = parse(ChooseOptionsRequest, req.body);
        const generations = await chooseOptions(review, shopOf(req), idParam(req), generationIds);
        res.json(groupView(idParam(req), generations));
      }, 'approve'),
    );

    api.post(
      '/review-batches',
      route(async (req, res) => {
        const { action, target } = parse(CreateReviewBatchRequest, req.body);
        res.status(202).json(await batches.start(shopOf(req), action, target));
      }),
    );

    api.get(
      '/review-batches/:id',
      route(async (req, res) => {
        const batch = await batches.get(shopOf(req), idParam(req));
        if (!batch) throw new AppError('not_found', 'not_found', 'This batch is no longer known.');
        res.json(batch);
      }),
    );
  },
};
