/**
 * Image experiment routes (contract: src/app-api/experiments.ts; the use cases:
 * src/features/experiments/service.ts):
 *
 *   GET  /api/experiments              -> ExperimentList
 *   POST /api/experiments              StartExperimentRequest -> ExperimentView (201)
 *   GET  /api/experiments/:id          -> ExperimentView (with its analysis)
 *   GET  /api/experiments/:id/days     -> ExperimentDays (the chart's series, asked when shown)
 *   POST /api/experiments/:id/stop     StopExperimentRequest -> ExperimentView
 *   POST /api/experiments/:id/keep-winner  -> ExperimentView
 */
import {
  ExperimentId,
  StartExperimentRequest,
  StopExperimentRequest,
} from '../../../src/app-api/contract.ts';
import type { AppModule } from '../module.ts';
import { shopOf } from '../plugins/session-auth.ts';
import { parse, pathParam } from './api-support.ts';

export const experimentsApiModule: AppModule = {
  name: 'api-experiments',
  register({ api }, app) {
    const experiments = app.features.experiments;

    api.get('/experiments', async (req, res) => {
      res.json(await experiments.list(shopOf(req)));
    });

    api.post('/experiments', async (req, res) => {
      const request = parse(StartExperimentRequest, req.body);
      res.status(201).json(await experiments.start(shopOf(req), request));
    });

    api.get('/experiments/:id', async (req, res) => {
      res.json(await experiments.get(shopOf(req), pathParam(req, ExperimentId)));
    });

    api.get('/experiments/:id/days', async (req, res) => {
      res.json(await experiments.days(shopOf(req), pathParam(req, ExperimentId)));
    });

    api.post('/experiments/:id/stop', async (req, res) => {
      const request = parse(StopExperimentRequest, req.body);
      res.json(await experiments.stop(shopOf(req), pathParam(req, ExperimentId), request));
    });

    api.post('/experiments/:id/keep-winner', async (req, res) => {
      res.json(await experiments.keepWinner(shopOf(req), pathParam(req, ExperimentId)));
    });
  },
};
