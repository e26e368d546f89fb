/**
 * Shopify Flow's action requests (extensions/flow-generate-photo, `runtime_url`):
 *
 *   POST /flow/actions/generate-photo   Flow's signed action payload -> 200 {}
 *
 * Public (Flow signs it; no session token). The raw body goes as it came to the Flow actions
 * service (src/features/flow-actions/service.ts), which verifies Flow's signature, parses the payload
 * and puts the generation in line; the answer comes once it is queued (the generation itself
 * runs in the workers). Its refusals (400, 401, 422, 429, 503) reach the one error handler; what
 * Flow does with each status is said in the service.
 */
import express from 'express';
import type { AppModule } from '../module.ts';

export const FLOW_GENERATE_PHOTO_PATH = '/flow/actions/generate-photo';

export const flowActionsModule: AppModule = {
  name: 'flow-actions',
  register({ public: routes }, app) {
    const flowActions = app.features.flowActions;

    routes.post(
      FLOW_GENERATE_PHOTO_PATH,
      express.raw({ type: () => true, limit: '256kb' }),
      async (req, res) => {
        const rawBody = Buffer.isBuffer(req.body) ? req.body.toString('utf8') : '';
        await flowActions.generatePhoto({ rawBody, headers: req.headers });
        res.status(200).json({});
      },
    );
  },
};
