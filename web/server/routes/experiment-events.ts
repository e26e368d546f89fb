/**
 * The storefront's event batches (the web pixel extension's, from shoppers' browsers):
 *
 *   POST /experiments/events   one visitor's batch in one experiment (JSON, any content type)
 *     -> 204 counted (events repeated, duplicated or past the visitor's cap are ignored: the
 *            client has nothing to fix) | 400 not JSON or not a batch (`fields` says what)
 *            | 404 unknown experiment | 409 experiment ended, or the visitor is in another arm
 *            | 413 over MAX_BATCH_BYTES | 429 rate limited (Retry-After), each with a JSON body
 *
 * Public, with no session: anyone can post, so nothing here trusts the sender. The address's
 * budget is taken before the body is read, the body is bounded before it is parsed, the
 * experiment's budget is taken once the batch names it, and the store counts each visitor and
 * event once, within the visitor's cap (src/features/experiments/). CORS: plugins/cors.ts.
 */
import express, { type ErrorRequestHandler, type RequestHandler } from 'express';
import { EventBatch, EXPERIMENT_EVENTS_PATH, MAX_BATCH_BYTES } from '../../../src/app/index.ts';
import { AppError } from '../../../src/platform/errors.ts';
import { parseJson } from '../../../src/platform/http/json-body.ts';
import type { AppModule } from '../module.ts';
import { storefrontCors } from '../plugins/cors.ts';
import { experimentEventsRateLimit } from '../plugins/rate-limit.ts';

export const experimentEventsModule: AppModule = {
  name: 'experiment-events',
  register({ public: routes }, app) {
    const experiments = app.features.experiments;
    const limits = experimentEventsRateLimit(app);
    // What the service refuses it counts itself, per event; this counts what came before it.
    const countRefusedBatch: ErrorRequestHandler = (error, _req, res, next) => {
      if (!res.locals.recording) {
        const limited = error instanceof AppError && error.kind === 'limited';
        const status = (error as { status?: unknown } | undefined)?.status;
        app.metrics.experimentBatchRefused(
          limited ? 'rate_limited' : status === 413 ? 'too_large' : 'invalid',
        );
      }
      next(error);
    };

    const record: RequestHandler = async (req, res) => {
      const batch = EventBatch.parse(parseJson(typeof req.body === 'string' ? req.body : ''));
      await limits.perExperiment(batch.shop, batch.experiment);
      res.locals.recording = true;
      await experiments.recordEvents(batch);
      res.status(204).end();
    };

    routes.options(EXPERIMENT_EVENTS_PATH, storefrontCors());
    routes.post(
      EXPERIMENT_EVENTS_PATH,
      storefrontCors(),
      limits.perAddress,
      express.text({ type: () => true, limit: MAX_BATCH_BYTES }),
      record,
      countRefusedBatch,
    );
  },
};
