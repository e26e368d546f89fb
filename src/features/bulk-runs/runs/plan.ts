/**
 * `plan`: what a run over the request would do (the estimate the merchant sees) and everything
 * `start` needs to create it, or the problems that keep it from starting.
 */
import type { BulkEstimate, CreateBulkRunRequest } from '../../../app-api/contract.ts';
import { estimateProblems, type CodedText } from '../../../app-api/error-codes.ts';
import { resultsProblem } from '../../../app-api/models.ts';
import { runOutcome } from '../../../app-api/run-outcome.ts';
import { completeParams, creditsFor, type ParamDefaults } from '../../../pipeline/index.ts';
import type { BulkRun } from '../bulk-run.ts';
import { tallyTarget, type TargetTally } from '../tally-target.ts';
import type { BulkProblem } from './bulk-request-error.ts';
import { chooseImages } from './images-per-product.ts';
import { targetSummary } from './target-summary.ts';
import type { BulkRunsDeps } from './types.ts';

export interface Plan {
  estimate: BulkEstimate;
  problems: BulkProblem[];
  title: string;
  params: BulkRun['params'];
  imagesPerProduct: number;
  options: number;
}

export async function plan(
  deps: Pick<BulkRunsDeps, 'admin' | 'publishedResults' | 'forecaster' | 'tallyLimits'>,
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
    eachVariant,
    ...rawParams
  } = request;
  const params = completeParams(kind, rawParams, defaults);
  // Each option is its own charged request: a product costs its options together.
  const creditsPerProduct = creditsFor(kind, params) * options;
  const { imagesPerProduct, problems } = chooseImages(kind, params, asked);
  const results = resultsProblem(kind, params.model, options);
  if (results) problems.push({ field: 'options', ...results });
  problems.push(...eachVariantProblems(request));
  const summary = await targetSummary(deps, shop, target);
  const { productCount, title } = summary;
  problems.push(...summary.problems);
  if (creditBudget !== undefined && creditsPerProduct > 0 && creditBudget < creditsPerProduct) {
    problems.push({
      field: 'creditBudget',
      code: 'budget_too_small',
      params: { credits: creditsPerProduct },
    });
  }
  const tally =
    problems.length === 0
      ? await tallyTarget(
          { admin: await deps.admin(shop), publishedResults: deps.publishedResults },
          { shop, target, kind, params, imagesPerProduct, eachVariant, includeDone },
          deps.tallyLimits,
        )
      : { checked: 0, unprocessable: 0, alreadyDone: 0, variantSets: null };
  const sets = tally.variantSets;
  // The same figures the run card shows once the run has read every product.
  const outcome = runOutcome({
    productCount,
    noImage: tally.unprocessable,
    alreadyDone: tally.alreadyDone,
    includeDone,
    options,
    creditsPerProduct,
    creditBudget: creditBudget ?? null,
    variantExtra: sets ? sets.results - sets.products : 0,
  });
  if (problems.length === 0 && outcome.toMake === 0) {
    problems.push({ field: 'target', ...nothingToMake(productCount, tally, includeDone) });
  }
  const schedule =
    problems.length === 0 ? await deps.forecaster.forecast(shop, kind, outcome.requests) : null;
  return {
    estimate: {
      productCount,
      toProcess: outcome.toMake,
      unprocessable: tally.unprocessable,
      alreadyDone: tally.alreadyDone,
      includeDone,
      checkedCount: tally.checked,
      options,
      creditsPerProduct,
      estimatedCredits: outcome.credits,
      outcome,
      schedule,
      ...estimateProblems(problems),
      ...(eachVariant
        ? {
            variantSets: sets ?? {
              option: eachVariant.option ?? null,
              products: 0,
              results: 0,
              single: 0,
            },
          }
        : {}),
    },
    problems,
    title,
    params,
    imagesPerProduct,
    options,
  };
}

/** A run of one result per value: photos, one result each (several options are not offered). */
function eachVariantProblems(request: CreateBulkRunRequest): BulkProblem[] {
  if (!request.eachVariant) return [];
  const problems: BulkProblem[] = [];
  if (request.kind !== 'photo') {
    problems.push({ field: 'kind', code: 'variants_photos_only' });
  }
  if ((request.options ?? 1) > 1) {
    problems.push({ field: 'options', code: 'variants_one_option' });
  }
  return problems;
}

/** Why a run over this target would send nothing, in the merchant's words. */
function nothingToMake(productCount: number, tally: TargetTally, includeDone: boolean): CodedText {
  const params = { count: productCount };
  if (tally.unprocessable === productCount) return { code: 'products_lack_images', params };
  if (!includeDone && tally.alreadyDone + tally.unprocessable === productCount) {
    return { code: 'products_done', params };
  }
  return { code: 'nothing_to_make' };
}
