/**
 * Bulk-run routes:
 *
 *   POST /api/bulk-runs/estimate          CreateBulkRunRequest -> BulkEstimate
 *   POST /api/bulk-runs                   CreateBulkRunRequest -> BulkRunView (202)
 *   GET  /api/bulk-runs                   -> { bulkRuns: BulkRunView[] }
 *   GET  /api/bulk-runs/:id               -> BulkRunView
 *   POST /api/bulk-runs/:id/pause | resume | cancel -> BulkRunView
 */
import { CreateBulkRunRequest } from '../../../src/app-api/contract.ts';
import { AppError } from '../../../src/platform/errors.ts';
import type { AppModule } from '../module.ts';
import { shopOf } from '../plugins/session-auth.ts';
import { idParam, parse, route, startRoute } from './api-support.ts';

export const bulkRunsApiModule: AppModule = {
  name: 'api-bulk-runs',
  register({ api }, deps) {
    const bulk = deps.bulkRuns;

    api.post(
      '/bulk-runs/estimate',
      route(async (req, res) => {
        const shop = shopOf(req);
        const request = parse(CreateBulkRunRequest, req.body);
        const { defaults } = await deps.settings.get(shop);
        res.json(await bulk.runs.estimate(shop, request, defaults));
      }),
    );

    api.post(
      '/bulk-runs',
      startRoute(
        deps,
        CreateBulkRunRequest,
        (shop, request, defaults) => bulk.runs.start(shop, request, defaults),
        (run) => bulk.runs.view(run),
      ),
    );

    api.get(
      '/bulk-runs',
      route(async (req, res) => {
        const runs = await bulk.store.list(shopOf(req));
        res.json({ bulkRuns: await Promise.all(runs.map((run) => bulk.runs.view(run))) });
      }),
    );

    api.get(
      '/bulk-runs/:id',
      route(async (req, res) => {
        const run = await bulk.store.get(shopOf(req), idParam(req));
        if (!run) throw new AppError('not_found', 'not_found', 'This bulk run does not exist.');
        res.json(await bulk.runs.view(run));
      }),
    );

    for (const action of ['pause', 'resume', 'cancel'] as const) {
      api.post(
        `/bulk-runs/:id/${action}`,
        route(async (req, res) => {
          const run = await bulk.runs[action](shopOf(req), idParam(req));
          res.json(await bulk.runs.view(run));
        }, action),
      );
    }
  },
};
