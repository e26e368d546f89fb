/**
 * The merchant's operations on bulk runs: estimate, start, pause, resume, cancel, and the view
 * the app shows (progress counts by state from the generation store's per-run counters).
 *
 * Pause stops new submissions: the run stops expanding (no credit can be reserved while it is
 * not running) and its waiting generations move to `paused` (pausedBy 'bulk-run', which the
 * shop's resume leaves alone); resume puts them back in line where they were and restarts
 * expansion. Cancel stops new submissions for good: waiting generations are cancelled (their
 * reserved credits released); work already submitted to ProductAI still lands.
 */
import { AppError, invalidFields } from '../../platform/errors.ts';
import type {
  BulkEstimate,
  BulkRunView,
  CreateBulkRunRequest,
  GenerationState,
} from '../../app-api/contract.ts';
import { StaleTransitionError, isTerminal, type Generation } from '../generations/generation.ts';
import {
  completeParams,
  creditsFor,
  referenceImageRange,
  requestProblems,
  type ParamDefaults,
} from '../sources/request-rules.ts';
import type { BulkRun } from './bulk-run.ts';
import { holdBack, type BulkDeps } from './expand-run.ts';
import { loadCollectionSummary } from './product-pages.ts';
import { tallyTarget, type TallyLimits, type TargetTally } from './tally-target.ts';

export interface BulkProblem {
  field: string;
  message: string;
}

/** The request cannot start a run; nothing was created or charged. */
export class BulkRequestError extends AppError {
  override readonly name = 'BulkRequestError';
  readonly problems: BulkProblem[];
  constructor(problems: BulkProblem[]) {
    const { message, fields } = invalidFields('invalid_bulk_run', problems);
    super('invalid', 'invalid_bulk_run', message, { fields });
    this.problems = problems;
  }
}

export interface BulkRuns {
  estimate(
    shop: string,
    request: CreateBulkRunRequest,
    defaults: ParamDefaults,
  ): Promise<BulkEstimate>;
  /** `onCreated` runs before expansion starts (e.g. a campaign recording its run first). */
  start(
    shop: string,
    request: CreateBulkRunRequest,
    defaults: ParamDefaults,
    onCreated?: (run: BulkRun) => Promise<void>,
  ): Promise<BulkRun>;
  pause(shop: string, id: string): Promise<BulkRun>;
  resume(shop: string, id: string): Promise<BulkRun>;
  cancel(shop: string, id: string): Promise<BulkRun>;
  view(run: BulkRun): Promise<BulkRunView>;
}

interface Plan {
  estimate: BulkEstimate;
  problems: BulkProblem[];
  title: string;
  params: BulkRun['params'];
  imagesPerProduct: number;
  options: number;
}

const BATCH = 200;

/** Why a run over this target would send nothing, in the merchant's words. */
function nothingToMake(productCount: number, tally: TargetTally, includeDone: boolean): string {
  const all = productCount === 1 ? 'The product' : `All ${productCount} products`;
  if (tally.unprocessable === productCount) {
    return `${all} lack the images these options need: there is nothing to make.`;
  }
  if (!includeDone && tally.alreadyDone + tally.unprocessable === productCount) {
    return `${all} already have a result made with these options (or cannot be made). Choose “Make them again” to make new ones.`;
  }
  return 'There is nothing to make with these options.';
}

export function createBulkRuns(
  deps: BulkDeps & {
    startExpansion(shop: string, runId: string): Promise<void>;
    tallyLimits?: TallyLimits;
  },
): BulkRuns {
  async function plan(
    shop: string,
    request: CreateBulkRunRequest,
    defaults: ParamDefaults,
  ): Promise<Plan> {
    const {
      target,
      kind,
      imagesPerProduct: asked,
      creditBudget,
      includeDone = false,
      options = 1,
      ...rawParams
    } = request;
    const params = completeParams(kind, rawParams, defaults);
    // Each option is its own charged request: a product costs its options together.
    const creditsPerProduct = creditsFor(kind, params) * options;
    const problems: BulkProblem[] = [];
    const range = referenceImageRange(kind, params);
    const imagesPerProduct = range ? Math.min(asked ?? 1, range.max) : 0;
    if (range && imagesPerProduct < range.min) {
      problems.push({
        field: 'imagesPerProduct',
        message: `This ${kind === 'upscale' ? 'upscale' : 'model'} needs at least ${range.min} image per product.`,
      });
    } else {
      problems.push(...requestProblems(kind, params, imagesPerProduct));
    }
    let productCount = 0;
    let title = '';
    if (target.type === 'collection') {
      const collection = await loadCollectionSummary(await deps.admin(shop), target.collectionId);
      if (!collection) {
        problems.push({ field: 'target', message: 'This collection is no longer in your store.' });
      } else {
        productCount = collection.productsCount;
        title = collection.title;
        if (productCount === 0)
          problems.push({ field: 'target', message: `“${title}” has no products.` });
      }
    } else {
      productCount = new Set(target.productIds).size;
      title = `${productCount} selected product${productCount === 1 ? '' : 's'}`;
    }
    if (creditBudget !== undefined && creditsPerProduct > 0 && creditBudget < creditsPerProduct) {
      problems.push({
        field: 'creditBudget',
        message: `The budget does not cover a single product (${creditsPerProduct} credits each).`,
      });
    }
    const tally =
      problems.length === 0
        ? await tallyTarget(
            { admin: await deps.admin(shop), publishedResults: deps.publishedResults },
            { shop, target, kind, params, imagesPerProduct },
            deps.tallyLimits,
          )
        : { checked: 0, unprocessable: 0, alreadyDone: 0 };
    const skipped = tally.unprocessable + (includeDone ? 0 : tally.alreadyDone);
    const toProcess = Math.max(0, productCount - skipped);
    if (problems.length === 0 && toProcess === 0) {
      problems.push({ field: 'target', message: nothingToMake(productCount, tally, includeDone) });
    }
    const schedule =
      problems.length === 0
        ? await deps.forecaster.forecast(shop, kind, toProcess * options)
        : null;
    return {
      estimate: {
        productCount,
        toProcess,
        unprocessable: tally.unprocessable,
        alreadyDone: tally.alreadyDone,
        includeDone,
        checkedCount: tally.checked,
        options,
        creditsPerProduct,
        estimatedCredits: toProcess * creditsPerProduct,
        schedule,
        problems: problems.map((problem) => problem.message),
      },
      problems,
      title,
      params,
      imagesPerProduct,
      options,
    };
  }

  /** The run's waiting generations in `state` (the window: a few dozen at most). */
  async function* waiting(run: BulkRun, state: 'queued' | 'paused'): AsyncGenerator<Generation> {
    for (let after: string | undefined; ;) {
      const ids = await deps.generations.idsInState(run.shop, state, BATCH, after);
      for (const id of ids) {
        const generation = await deps.generations.get(run.shop, id);
        if (generation?.bulkRunId === run.id) yield generation;
      }
      if (ids.length < BATCH) return;
      after = ids[ids.length - 1];
    }
  }

  /** A running run's forecast: its queued generations and the products not yet expanded. */
  async function scheduleOf(run: BulkRun, counts: Record<GenerationState, number>) {
    if (run.state !== 'running') return null;
    // Products not expanded yet send one request per option each.
    const notExpanded = run.expansionDone
      ? 0
      : Math.max(0, (run.productCount ?? run.expandedCount) - run.expandedCount) * run.options;
    return deps.forecaster.forecast(run.shop, run.kind, counts.queued + notExpanded, counts.queued);
  }

  return {
    async estimate(shop, request, defaults) {
      return (await plan(shop, request, defaults)).estimate;
    },

    async start(shop, request, defaults, onCreated) {
      const planned = await plan(shop, request, defaults);
      if (planned.problems.length > 0) throw new BulkRequestError(planned.problems);
      const target =
        request.target.type === 'products'
          ? { type: 'products' as const, productIds: [...new Set(request.target.productIds)] }
          : request.target;
      const run = await deps.runs.create({
        shop,
        title: planned.title,
        target,
        kind: request.kind,
        params: planned.params,
        imagesPerProduct: planned.imagesPerProduct,
        options: planned.options,
        productCount: planned.estimate.productCount,
        creditsPerProduct: planned.estimate.creditsPerProduct,
        estimatedCredits: planned.estimate.estimatedCredits,
        creditBudget: request.creditBudget ?? null,
        includeDone: planned.estimate.includeDone,
      });
      await onCreated?.(run);
      await deps.startExpansion(shop, run.id);
      return run;
    },

    async pause(shop, id) {
      const run = await deps.runs.setState(shop, id, ['running'], 'paused', 'pause');
      for await (const generation of waiting(run, 'queued')) await holdBack(run, generation, deps);
      return run;
    },

    async resume(shop, id) {
      const run = await deps.runs.setState(shop, id, ['paused'], 'running', 'resume');
      for await (const generation of waiting(run, 'paused')) {
        if (generation.pausedBy !== 'bulk-run') continue;
        try {
          await deps.requeue(shop, generation.id, ['paused'], 'bulk run resumed');
        } catch (error) {
          if (!(error instanceof StaleTransitionError)) throw error;
        }
      }
      await deps.startExpansion(shop, id);
      return run;
    },

    async cancel(shop, id) {
      const run = await deps.runs.setState(shop, id, ['running', 'paused'], 'cancelled', 'cancel');
      for (const state of ['queued', 'paused'] as const) {
        for await (const generation of waiting(run, state)) await holdBack(run, generation, deps);
      }
      return (await deps.runs.get(shop, id)) ?? run;
    },

    async view(run) {
      const counts = await deps.generations.countByState(run.shop, { bulkRunId: run.id });
      const active = Object.entries(counts).some(
        ([state, count]) => count > 0 && !isTerminal(state as GenerationState),
      );
      return {
        id: run.id,
        title: run.title,
        target: run.target,
        kind: run.kind,
        params: run.params,
        state: run.state === 'running' && run.expansionDone && !active ? 'completed' : run.state,
        productCount: run.productCount,
        expandedCount: run.expandedCount,
        options: run.options,
        estimatedCredits: run.estimatedCredits,
        creditBudget: run.creditBudget,
        creditsCommitted: run.creditsCommitted,
        skippedForBudget: run.skippedForBudget,
        skippedUnprocessable: run.skippedUnprocessable,
        skippedDone: run.skippedDone,
        includeDone: run.includeDone,
        counts,
        schedule: await scheduleOf(run, counts),
        createdAt: run.createdAt,
        updatedAt: run.updatedAt,
      };
    },
  };
}
