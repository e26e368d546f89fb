/**
 * Generation routes: estimate and create (one product, interactive), list and read, and the
 * merchant's actions on one generation.
 *
 *   POST /api/generations/estimate     CreateGenerationRequest -> Estimate
 *   POST /api/generations              CreateGenerationRequest -> CreatedGeneration (202): the first
 *                                      option; `options: N` creates N generations in one group
 *   GET  /api/generations?state=&bulkRunId=&productId=&cursor=&limit= -> GenerationPage
 *   GET  /api/generations/:id          -> GenerationView
 *   POST /api/generations/:id/approve | reject | undo | cancel -> GenerationView
 *   POST /api/generations/:id/retry    -> GenerationView of the NEW generation (202)
 *
 * Nothing is created or charged for a request ProductAI would refuse: the estimate lists the
 * problems, create answers 400 with them per field. Both name the chosen images the model does
 * not take (`leftOutMediaIds`), so the merchant knows before and after which ones were dropped.
 */
import { z } from 'zod';
import {
  CreateGenerationRequest,
  GenerationState,
  type CreatedGeneration,
  type Estimate,
  type GenerationPage,
} from '../../../src/app-api/contract.ts';
import { toGenerationView, type Generation } from '../../../src/pipeline/generations/generation.ts';
import { approveResult, rejectResult, undoPublished } from '../../../src/pipeline/publish/index.ts';
import {
  asOptions,
  prepareGeneration,
  type GenerationRequest,
} from '../../../src/pipeline/sources/new-generation.ts';
import { HttpError } from '../http-error.ts';
import type { AppModule } from '../module.ts';
import { shopOf } from '../plugins/session-auth.ts';
import {
  idParam,
  parse,
  problemsError,
  requireUsableKey,
  reviewDepsFor,
  route,
} from './api-support.ts';

const ListQuery = z.object({
  state: GenerationState.optional(),
  bulkRunId: z.string().min(1).max(40).optional(),
  productId: z.string().min(1).max(80).optional(),
  cursor: z.string().min(1).max(40).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});

export const generationsApiModule: AppModule = {
  name: 'api-generations',
  register({ api }, deps) {
    const { pipeline } = deps;
    const review = reviewDepsFor(deps);

    async function prepare(
      shop: string,
      request: GenerationRequest,
      retryOf: string | null = null,
    ) {
      const settings = await deps.settings.get(shop);
      const intake = await prepareGeneration(
        deps.admin.forShop(shop),
        shop,
        settings.defaults,
        request,
        { priority: 'interactive', retryOf, firstImagesIfNoneChosen: retryOf !== null },
      );
      return { intake, settings };
    }

    /** Creates the generation (`options` of them, in one option group); answers the first. */
    async function submit(
      shop: string,
      request: GenerationRequest,
      more: { retryOf?: Generation; options?: number } = {},
    ) {
      const { intake, settings } = await prepare(shop, request, more.retryOf?.id ?? null);
      requireUsableKey(settings);
      if (!intake.ok) throw problemsError('invalid_generation', intake.problems);
      // A retried option stays in its group, beside the options it is compared with.
      const optionGroup = more.retryOf?.optionGroup ?? null;
      const generations = optionGroup
        ? [{ ...intake.generation, optionGroup }]
        : asOptions(intake.generation, more.options ?? 1, deps.clock.now());
      const created = [];
      for (const generation of generations)
        created.push(await pipeline.enqueueGeneration(generation));
      return { generation: created[0]!, leftOutMediaIds: intake.leftOutMediaIds };
    }

    async function found(shop: string, id: string): Promise<Generation> {
      const generation = await pipeline.generations.get(shop, id);
      if (!generation) throw new HttpError(404, 'not_found', 'This generation does not exist.');
      return generation;
    }

    api.post(
      '/generations/estimate',
      route(async (req, res) => {
        const {
          productId,
          kind,
          sourceMediaIds,
          options = 1,
          ...params
        } = parse(CreateGenerationRequest, req.body);
        const { intake } = await prepare(shopOf(req), { productId, kind, params, sourceMediaIds });
        const estimate: Estimate = {
          credits: intake.credits * options,
          options,
          creditsPerOption: intake.credits,
          requestsPerMinute: Math.floor(
            (pipeline.config.limiter.limit * 60_000) / pipeline.config.limiter.windowMs,
          ),
          problems: intake.ok ? [] : intake.problems.map((problem) => problem.message),
          leftOutMediaIds: intake.leftOutMediaIds,
        };
        res.json(estimate);
      }),
    );

    api.post(
      '/generations',
      route(async (req, res) => {
        const { productId, kind, sourceMediaIds, options, ...params } = parse(
          CreateGenerationRequest,
          req.body,
        );
        const { generation, leftOutMediaIds } = await submit(
          shopOf(req),
          { productId, kind, params, sourceMediaIds },
          { options },
        );
        const created: CreatedGeneration = { ...toGenerationView(generation), leftOutMediaIds };
        res.status(202).json(created);
      }),
    );

    api.get(
      '/generations',
      route(async (req, res) => {
        const { cursor, limit, ...filter } = parse(ListQuery, req.query);
        const shop = shopOf(req);
        const [page, total] = await Promise.all([
          pipeline.generations.list(shop, filter, { cursor, limit }),
          pipeline.generations.count(shop, filter),
        ]);
        const body: GenerationPage = {
          generations: page.generations.map(toGenerationView),
          nextCursor: page.nextCursor,
          total,
        };
        res.json(body);
      }),
    );

    api.get(
      '/generations/:id',
      route(async (req, res) => {
        res.json(toGenerationView(await found(shopOf(req), idParam(req))));
      }),
    );

    const actions: Record<string, (shop: string, id: string) => Promise<Generation>> = {
      approve: (shop, id) => approveResult(review, shop, id),
      reject: (shop, id) => rejectResult(review, shop, id),
      undo: (shop, id) => undoPublished(review, shop, id),
      cancel: (shop, id) => pipeline.cancel(shop, id),
    };
    for (const [action, run] of Object.entries(actions)) {
      api.post(
        `/generations/:id/${action}`,
        route(async (req, res) => {
          res.json(toGenerationView(await run(shopOf(req), idParam(req))));
        }, action),
      );
    }

    api.post(
      '/generations/:id/retry',
      route(async (req, res) => {
        const shop = shopOf(req);
        const failed = await found(shop, idParam(req));
        if (failed.state !== 'failed') {
          throw new HttpError(409, 'invalid_state', 'Only a failed generation can be retried.');
        }
        const { generation } = await submit(
          shop,
          {
            productId: failed.productId,
            kind: failed.kind,
            params: failed.params,
            sourceMediaIds: failed.sourceMediaIds,
          },
          { retryOf: failed },
        );
        res.status(202).json(toGenerationView(generation));
      }, 'retry'),
    );
  },
};
