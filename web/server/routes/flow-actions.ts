/**
 * Shopify Flow's action requests (extensions/flow-generate-photo, `runtime_url`):
 *
 *   POST /flow/actions/generate-photo   Flow's signed action payload -> 200 | 401 | 422 | 429 | 503
 *
 * Public (Flow signs it; no session token): the raw body is verified here by
 * `@shopify/shopify-api`'s `flow.validate` (base64 HMAC-SHA256 of the body with the app's secret
 * in `X-Shopify-Hmac-Sha256`), then the use case (src/features/flow/service.ts) puts the
 * generation in line. The answer comes once it is queued: the generation itself runs in the
 * workers.
 *
 * What Flow does with the status (shopify.dev/docs/apps/build/flow/actions/endpoints): 200 is
 * done; 429 and 5xx are sent again, at increasing intervals for up to 24 hours; any other 4xx
 * fails the step with our message and is never sent again. So whatever is wrong with the request
 * itself (signature, JSON, a field such as a malformed `shopify_domain`) is a 4xx, and only what
 * may succeed later a 503 (Shopify or Redis unavailable) or a 429 (the shop at its cap of
 * generations not yet final: docs/operations.md, Quotas per shop).
 */
import express from 'express';
import { FlowActionRequest } from '../../../src/app/index.ts';
import { AppError } from '../../../src/platform/errors.ts';
import type { AppModule } from '../module.ts';
import { parseJson } from './json-body.ts';

export const FLOW_GENERATE_PHOTO_PATH = '/flow/actions/generate-photo';

export const flowActionsModule: AppModule = {
  name: 'flow-actions',
  register({ public: routes }, app) {
    const flowActions = app.services.flowActions;

    routes.post(
      FLOW_GENERATE_PHOTO_PATH,
      express.raw({ type: () => true, limit: '256kb' }),
      async (req, res) => {
        const rawBody = Buffer.isBuffer(req.body) ? req.body.toString('utf8') : '';
        const check = await app.shopify.flow.validate({
          rawBody,
          // The node adapter reads only the headers (and method/url, for its logs).
          rawRequest: { headers: req.headers, method: 'POST', url: req.originalUrl },
          rawResponse: {},
        });
        if (!check.valid) throw new AppError('unauthorized', 'flow_unverified');
        // Flow shows our message when a step fails: a malformed payload says which fields.
        const parsed = FlowActionRequest.safeParse(parseJson(rawBody));
        if (!parsed.success) {
          const fields = parsed.error.issues.map((issue) => issue.path.join('.')).join(', ');
          res.status(422).json({ message: `Missing or invalid: ${fields}.` });
          return;
        }
        const answer = await flowActions.generatePhoto(parsed.data);
        // At the shop's cap: Flow sends a 429 again later, when places may have freed.
        if (answer.status === 429) res.set('Retry-After', String(answer.retryAfterSeconds));
        res.status(answer.status).json(answer.status === 200 ? {} : { message: answer.message });
      },
    );
  },
};
