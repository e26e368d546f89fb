/**
 * Shopify Flow's action requests (extensions/flow-generate-photo, `runtime_url`):
 *
 *   POST /flow/actions/generate-photo   Flow's signed action payload -> 200 | 401 | 422 | 503
 *
 * Public (Flow signs it; no session token): the raw body is verified by `@shopify/shopify-api`'s
 * `flow.validate` (base64 HMAC-SHA256 of the body with the app's secret in
 * `X-Shopify-Hmac-Sha256`), then src/pipeline/flow/flow-action.ts puts the generation in line.
 * The answer comes once it is queued: the generation itself runs in the workers.
 */
import express from 'express';
import type { Generation } from '../../../src/pipeline/generations/generation.ts';
import {
  FlowActionRequest,
  runGeneratePhotoAction,
} from '../../../src/pipeline/flow/flow-action.ts';
import { AppError } from '../../../src/platform/errors.ts';
import type { AppModule } from '../module.ts';

export const FLOW_GENERATE_PHOTO_PATH = '/flow/actions/generate-photo';

export const flowActionsModule: AppModule = {
  name: 'flow-actions',
  register({ public: routes }, deps) {
    const { pipeline } = deps;
    const actionDeps = {
      settings: (shop: string) => deps.settings.get(shop),
      admin: async (shop: string) => deps.admin.forShop(shop),
      generations: pipeline.generations,
      admit: (generation: Generation) => pipeline.admit(generation),
    };

    routes.post(
      FLOW_GENERATE_PHOTO_PATH,
      express.raw({ type: () => true, limit: '256kb' }),
      async (req, res) => {
        const rawBody = Buffer.isBuffer(req.body) ? req.body.toString('utf8') : '';
        const check = await deps.shopify.flow.validate({
          rawBody,
          // The node adapter reads only the headers (and method/url, for its logs).
          rawRequest: { headers: req.headers, method: 'POST', url: req.originalUrl },
          rawResponse: {},
        });
        if (!check.valid)
          throw new AppError('unauthorized', 'unauthorized', 'Flow request not verified');
        let json: unknown;
        try {
          json = JSON.parse(rawBody);
        } catch {
          throw new AppError('invalid', 'bad_request', 'The body is not JSON.');
        }
        const parsed = FlowActionRequest.safeParse(json);
        if (!parsed.success) {
          const fields = parsed.error.issues.map((issue) => issue.path.join('.')).join(', ');
          res.status(422).json({ message: `Missing or invalid: ${fields}.` });
          return;
        }
        let answer;
        try {
          answer = await runGeneratePhotoAction(actionDeps, parsed.data);
        } catch (error) {
          req.log.error({ err: error }, 'flow action not handled; Flow will retry');
          throw new AppError('unavailable', 'unavailable', 'Not handled; please retry.');
        }
        const log = req.log.child({ shop: parsed.data.shopify_domain });
        if (answer.status === 200) {
          log.info(
            { generationId: answer.generationId, duplicate: answer.duplicate },
            'flow action',
          );
          res.status(200).json({});
          return;
        }
        log.info({ status: answer.status, message: answer.message }, 'flow action refused');
        res.status(answer.status).json({ message: answer.message });
      },
    );
  },
};
