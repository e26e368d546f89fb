/**
 * Unclaimed results (src/app-api/unclaimed-results.ts): paid ProductAI results no generation
 * could claim, listed with their picture, and attached to the product the merchant chooses
 * without a new request to ProductAI (so without a new charge).
 */
import {
  AttachUnclaimedRequest,
  type UnclaimedResultList,
} from '../../../src/app-api/unclaimed-results.ts';
import { toGenerationView } from '../../../src/pipeline/generations/generation.ts';
import { UnclaimedResultGoneError } from '../../../src/pipeline/receive/unclaimed-results.ts';
import { prepareGeneration } from '../../../src/pipeline/sources/new-generation.ts';
import { HttpError } from '../http-error.ts';
import type { AppModule } from '../module.ts';
import { shopOf } from '../plugins/session-auth.ts';
import { parse, problemsError, route, servicesFor } from './api-support.ts';

const VIDEO_FILE = /\.(mp4|mov|webm)(\?|$)/i;

export const unclaimedResultsApiModule: AppModule = {
  name: 'api-unclaimed-results',
  register({ api }, deps) {
    const { pipeline } = servicesFor(deps);

    api.get(
      '/unclaimed-results',
      route(async (req, res) => {
        const results = await pipeline.unclaimedResults.list(shopOf(req));
        const body: UnclaimedResultList = {
          results: results.map((result) => ({
            ...result,
            mediaType: VIDEO_FILE.test(result.url) ? 'video' : 'image',
          })),
        };
        res.json(body);
      }),
    );

    api.post(
      '/unclaimed-results/:jobId/attach',
      route(async (req, res) => {
        const shop = shopOf(req);
        const jobId = Number(req.params.jobId);
        if (!Number.isSafeInteger(jobId) || jobId <= 0) {
          throw new HttpError(400, 'invalid_id', 'Not a ProductAI job id.');
        }
        const { productId } = parse(AttachUnclaimedRequest, req.body);
        const url = (await pipeline.unclaimedResults.list(shop)).find(
          (r) => r.jobId === jobId,
        )?.url;
        const kind = url && VIDEO_FILE.test(url) ? 'video' : 'photo';
        // The product's title, picture and images, as any generation of it records them.
        const intake = await prepareGeneration(
          deps.admin.forShop(shop),
          shop,
          (await deps.settings.get(shop)).defaults,
          { productId, kind: 'upscale', params: {}, sourceMediaIds: [] },
          { priority: 'interactive', firstImagesIfNoneChosen: true },
        );
        if (!intake.ok) throw problemsError('invalid_product', intake.problems);
        try {
          const generation = await pipeline.unclaimedResults.attach(shop, jobId, {
            ...intake.generation,
            kind,
            params: {},
          });
          res.status(202).json(toGenerationView(generation));
        } catch (error) {
          if (error instanceof UnclaimedResultGoneError) {
            throw new HttpError(409, 'result_gone', error.message);
          }
          throw error;
        }
      }),
    );
  },
};
