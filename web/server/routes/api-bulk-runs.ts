/**
 * Bulk-run routes (the use cases: src/features/bulk-runs/service.ts):
 *
 *   POST /api/bulk-runs/estimate          CreateBulkRunRequest -> BulkEstimate
 *   POST /api/bulk-runs                   CreateBulkRunRequest -> BulkRunView (202)
 *   GET  /api/bulk-runs                   -> { bulkRuns: BulkRunView[] }
 *   GET  /api/bulk-runs/:id               -> BulkRunView
 *   POST /api/bulk-runs/:id/pause | resume | cancel -> BulkRunView
 */
import { BulkRunId, CreateBulkRunRequest } from '../../../src/app-api/contract.ts';
import type { BulkRunAction } from '../../../src/app/index.ts';
import type { AppModule } from '../module.ts';
import { shopOf } from '../plugins/session-auth.ts';
import { parse, pathParam } from './api-support.ts';

const ACTIONS: readonly BulkRunAction[] = ['pause', 'resume', 'cancel'];

export const bulkRunsApiModule: AppModule = {
  name: 'api-bulk-runs',
  register({ api }, app) {
    const bulkRuns = app.features.bulkRuns;

    api.post('/bulk-runs/estimate', async (req, res) => {
      res.json(await bulkRuns.estimate(shopOf(req), parse(CreateBulkRunRequest, req.body)));
    });

    api.post('/bulk-runs', async (req, res) => {
      const request = parse(CreateBulkRunRequest, req.body);
      res.status(202).json(await bulkRuns.start(shopOf(req), request));
    });

    api.get('/bulk-runs', async (req, res) => {
      res.json(await bulkRuns.list(shopOf(req)));
    });

    api.get('/bulk-runs/:id', async (req, res) => {
      res.json(await bulkRuns.get(shopOf(req), pathParam(req, BulkRunId)));
    });

    for (const action of ACTIONS) {
      api.post(`/bulk-runs/:id/${action}`, async (req, res) => {
        res.json(await bulkRuns.act(shopOf(req), pathParam(req, BulkRunId), action));
      });
    }
  },
};
