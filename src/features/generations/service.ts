/**
 * Generations, as the merchant works with them one product at a time (the Generate page and the
 * product-page action): estimate, create (one or several options), list and read, and the
 * actions on one generation: approve, reject, undo, cancel and retry (a paid result is saved
 * again, never paid again: only a generation ProductAI never charged, or the merchant's explicit
 * "Make a new one", sends a new request).
 *
 * Nothing is created or charged for a request ProductAI would refuse: the estimate lists the
 * problems, create refuses with them per field. Both name the chosen images the model does not
 * take (`leftOutMediaIds`), so the merchant knows before and after which ones were dropped.
 */
import type {
  CreateGenerationRequest,
  CreatedGeneration,
  Estimate,
  FidelityVerdict,
  GenerationPage,
  GenerationState,
  GenerationView,
} from '../../app-api/contract.ts';
import { estimateProblems } from '../../app-api/error-codes.ts';
import { resultsProblem } from '../../app-api/models.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError, invalidFields } from '../../platform/errors.ts';
import type { AdminClientFactory } from '../../shopify/admin-client.ts';
import type { ShopSettingsStore } from '../../stores/shop-settings.ts';
import type { IdempotencyKeys } from '../../stores/idempotency-keys.ts';
import {
  type Pipeline,
  toGenerationView,
  tryAgainOf,
  type Generation,
  approveResult,
  rejectResult,
  undoPublished,
  type ReviewDeps,
  asCandidates,
  prepareGeneration,
  type GenerationRequest,
} from '../../pipeline/index.ts';
import { generationViews } from './generation-views.ts';
import { asMerchantAction } from '../merchant-conflicts.ts';
import { estimateVariantSet, prepareVariantSet } from './variant-sets.ts';
import { requireUsableKey } from '../usable-key.ts';

export interface GenerationListQuery {
  state?: GenerationState;
  bulkRunId?: string;
  productId?: string;
  fidelity?: FidelityVerdict;
  cursor?: string;
  limit?: number;
}

export type GenerationAction = 'approve' | 'reject' | 'undo' | 'cancel';

export interface GenerationsService {
  estimate(shop: string, request: CreateGenerationRequest): Promise<Estimate>;
  /**
   * Creates the generation (`options` of them, in one option group); answers the first. With an
   * idempotency key (one per click), the same key and request again within the window answers
   * the same generation(s) and creates nothing (stores/idempotency-keys.ts).
   */
  create(
    shop: string,
    request: CreateGenerationRequest,
    options?: { idempotencyKey?: string },
  ): Promise<CreatedGeneration>;
  list(shop: string, query: GenerationListQuery): Promise<GenerationPage>;
  get(shop: string, id: string): Promise<GenerationView>;
  act(shop: string, id: string, action: GenerationAction): Promise<GenerationView>;
  /**
   * A failed generation tried again: its result saved again at no cost where ProductAI made one
   * (`resave`), or a new request at its cost (`new`, Make a new one); the NEW generation. Without
   * a mode, what the generation offers (`tryAgain` in its view).
   */
  retry(shop: string, id: string, mode?: 'resave' | 'new'): Promise<GenerationView>;
}

export interface GenerationsServiceDeps {
  pipeline: Pipeline;
  idempotency: IdempotencyKeys;
  settings: ShopSettingsStore;
  admin: AdminClientFactory;
  clock: Clock;
}

/** What the merchant's review decisions need (publish/review-actions.ts). */
export function reviewDepsOf(deps: Pick<GenerationsServiceDeps, 'pipeline' | 'admin'>): ReviewDeps {
  const { pipeline } = deps;
  return {
    generations: pipeline.generations,
    admin: async (shop) => deps.admin.forShop(shop),
    enqueue: (stage, ref, options) => pipeline.context.enqueue(stage, ref, options),
    publishedResults: pipeline.context.publishedResults,
    beforeUndo: pipeline.beforeUndo,
  };
}

function asRequest(request: CreateGenerationRequest): GenerationRequest {
  const {
    productId,
    kind,
    sourceMediaIds,
    options: _options,
    eachVariant: _each,
    ...params
  } = request;
  return { productId, kind, params, sourceMediaIds };
}

export function createGenerationsService(deps: GenerationsServiceDeps): GenerationsService {
  const { pipeline } = deps;
  const review = reviewDepsOf(deps);

  async function prepare(shop: string, request: GenerationRequest, retryOf: string | null) {
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

  async function submit(
    shop: string,
    request: GenerationRequest,
    more: { retryOf?: Generation; options?: number } = {},
  ) {
    // A shop at its cap is refused before its product is read from Shopify (generation-line.ts).
    await pipeline.refuseAtCap(shop, more.retryOf?.optionGroup ? 1 : (more.options ?? 1));
    const { intake, settings } = await prepare(shop, request, more.retryOf?.id ?? null);
    requireUsableKey(settings);
    if (!intake.ok) throw invalidFields('invalid_generation', intake.problems);
    // A retried option stays in its group, beside the options it is compared with; a retried
    // value of a set per variant stays in its set, for its variants (nothing replaced yet).
    const optionGroup = more.retryOf?.optionGroup ?? null;
    const retriedVariant = more.retryOf?.variant;
    const generation = retriedVariant
      ? { ...intake.generation, variant: { ...retriedVariant, previousMediaIds: null } }
      : intake.generation;
    const generations = optionGroup
      ? [{ ...generation, optionGroup }]
      : asCandidates(generation, more.options ?? 1, deps.clock.now());
    // All the click's results or none, within the shop's cap of generations not yet final.
    const created = await pipeline.enqueueWithinQuota(generations);
    return { generation: created[0]!, leftOutMediaIds: intake.leftOutMediaIds };
  }

  async function found(shop: string, id: string): Promise<Generation> {
    const generation = await pipeline.generations.get(shop, id);
    if (!generation) throw new AppError('not_found', 'generation_not_found');
    return generation;
  }

  function requestsPerMinute(): number {
    const { limit, windowMs } = pipeline.config.limiter;
    return Math.floor((limit * 60_000) / windowMs);
  }

  /** One generation per value of the option, in one set; answers the first with the set. */
  async function createVariantSet(shop: string, request: CreateGenerationRequest) {
    await pipeline.refuseAtCap(shop, 1);
    const settings = await deps.settings.get(shop);
    requireUsableKey(settings);
    const { generations, set } = await prepareVariantSet(
      deps.admin.forShop(shop),
      shop,
      settings.defaults,
      request,
      deps.clock.now(),
      pipeline.config.quotas.variantValuesPerSet,
    );
    const created = await pipeline.enqueueWithinQuota(generations);
    return {
      ...toGenerationView(created[0]!),
      leftOutMediaIds: [],
      variantSet: { ...set, generationIds: created.map((generation) => generation.id) },
    };
  }

  async function create(
    shop: string,
    request: CreateGenerationRequest,
  ): Promise<CreatedGeneration> {
    if (request.eachVariant) return createVariantSet(shop, request);
    const results = resultsProblem(request.kind, request.model, request.options ?? 1);
    if (results) throw invalidFields('invalid_generation', [{ field: 'options', ...results }]);
    const { generation, leftOutMediaIds } = await submit(shop, asRequest(request), {
      options: request.options,
    });
    return { ...toGenerationView(generation), leftOutMediaIds };
  }

  const actions: Record<GenerationAction, (shop: string, id: string) => Promise<Generation>> = {
    approve: (shop, id) => approveResult(review, shop, id),
    reject: (shop, id) => rejectResult(review, shop, id),
    undo: (shop, id) => undoPublished(review, shop, id),
    cancel: (shop, id) => pipeline.cancel(shop, id),
  };

  return {
    async estimate(shop, request) {
      if (request.eachVariant) {
        const settings = await deps.settings.get(shop);
        return estimateVariantSet(deps.admin.forShop(shop), shop, settings.defaults, request, {
          requestsPerMinute: requestsPerMinute(),
          maxValues: pipeline.config.quotas.variantValuesPerSet,
        });
      }
      const options = request.options ?? 1;
      const { intake } = await prepare(shop, asRequest(request), null);
      const results = resultsProblem(request.kind, request.model, options);
      return {
        credits: intake.credits * options,
        options,
        creditsPerOption: intake.credits,
        requestsPerMinute: requestsPerMinute(),
        ...estimateProblems([...(intake.ok ? [] : intake.problems), ...(results ? [results] : [])]),
        leftOutMediaIds: intake.leftOutMediaIds,
      };
    },

    async create(shop, request, { idempotencyKey } = {}) {
      if (idempotencyKey === undefined) return create(shop, request);
      return deps.idempotency.once(shop, idempotencyKey, request, () => create(shop, request));
    },

    async list(shop, { cursor, limit, ...filter }) {
      const [page, total] = await Promise.all([
        pipeline.generations.list(shop, filter, { cursor, limit }),
        pipeline.generations.count(shop, filter),
      ]);
      return {
        generations: await generationViews(pipeline, shop, page.generations),
        nextCursor: page.nextCursor,
        total,
      };
    },

    async get(shop, id) {
      const [view] = await generationViews(pipeline, shop, [await found(shop, id)]);
      return view!;
    },

    async act(shop, id, action) {
      return toGenerationView(await asMerchantAction(action, () => actions[action](shop, id)));
    },

    retry: (shop, id, mode) =>
      asMerchantAction('retry', async () => {
        const failed = await found(shop, id);
        const offered = tryAgainOf(failed);
        if (offered === null) {
          throw new AppError('conflict', 'not_failed');
        }
        if ((mode ?? offered) === 'resave') {
          if (offered !== 'resave' || failed.productAiJobId === null) {
            throw new AppError('conflict', 'nothing_to_save');
          }
          const productAiJobId = failed.productAiJobId;
          return toGenerationView(await pipeline.resaveResult(shop, { ...failed, productAiJobId }));
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
        return toGenerationView(generation);
      }),
  };
}
