/**
 * The Generate page's and the product-page action's "one for each colour": the estimate and the
 * creation of a set of results, one per value of an option (src/pipeline/sources/
 * variant-sources.ts says how values and images are chosen). Called by the generations service
 * when a request has `eachVariant`.
 *
 * Several options per value (the options picker, per variant): each value gets its own option
 * group, chosen in review (pipeline/publish/variant-set-decision.ts); priced values × options.
 *
 * Priced per value made: "3 colours × 5 credits" is 15 credits and 3 ProductAI requests, each
 * its own job and charge, rate-limited like any other; a skipped value costs nothing. Refused
 * with a 4xx, before anything is made or charged: a kind other than a photo (a variant shows an
 * image), chosen media (each value's own image is
 * the source), an option the product does not have, no value with an image. More values with
 * images than the set cap (config quotas.variantValuesPerSet) is a 429 naming it: one click
 * never floods the shop's line or its cap of generations not yet final.
 */
import type {
  CreateGenerationRequest,
  Estimate,
  VariantSetCreated,
} from '../../app-api/contract.ts';
import { estimateProblems } from '../../app-api/error-codes.ts';
import { invalidFields, type FieldProblem } from '../../platform/errors.ts';
import {
  newGenerationId,
  variantValuesCapError,
  type NewGeneration,
  type AdminGraphql,
  asCandidates,
  completeParams,
  type ParamDefaults,
  loadProductVariants,
  variantSetIntake,
  type VariantSetIntake,
} from '../../pipeline/index.ts';

/** Problems of the request's shape for a set (none when it may be made). */
export function variantSetRequestProblems(request: CreateGenerationRequest): FieldProblem[] {
  const problems: FieldProblem[] = [];
  if (request.kind !== 'photo') {
    problems.push({ field: 'kind', code: 'variants_photos_only' });
  }
  if (request.sourceMediaIds.length > 0) {
    problems.push({ field: 'sourceMediaIds', code: 'variants_no_chosen_image' });
  }
  return problems;
}

async function intake(
  admin: AdminGraphql,
  shop: string,
  defaults: ParamDefaults,
  request: CreateGenerationRequest,
  setId: string,
): Promise<VariantSetIntake> {
  const problems = variantSetRequestProblems(request);
  if (problems.length > 0) throw invalidFields('invalid_generation', problems);
  const { productId, kind, sourceMediaIds: _none, options: _each, eachVariant, ...given } = request;
  const params = completeParams(kind, given, defaults);
  const product = await loadProductVariants(admin, productId);
  if (!product) {
    throw invalidFields('invalid_generation', [{ field: 'productId', code: 'product_not_found' }]);
  }
  return variantSetIntake(
    shop,
    product,
    { productId, kind, params },
    { option: eachVariant?.option, setId, priority: 'interactive' },
  );
}

export async function estimateVariantSet(
  admin: AdminGraphql,
  shop: string,
  defaults: ParamDefaults,
  request: CreateGenerationRequest,
  limits: { requestsPerMinute: number; maxValues: number },
): Promise<Estimate> {
  const set = await intake(admin, shop, defaults, request, 'estimate');
  const made = set.estimate?.values.filter((value) => value.skipped === null).length ?? 0;
  const options = request.options ?? 1;
  const overCap =
    set.estimate && made > limits.maxValues
      ? [variantValuesCapError(limits.maxValues, made, set.estimate.option)]
      : [];
  return {
    credits: set.credits * made * options,
    options,
    creditsPerOption: set.credits,
    requestsPerMinute: limits.requestsPerMinute,
    ...estimateProblems([...(set.ok ? [] : set.problems), ...overCap]),
    leftOutMediaIds: [],
    ...(set.estimate ? { variants: set.estimate } : {}),
  };
}

/**
 * The set's generations, ready to be put in line, and its account for the answer; throws the
 * 4xx when it cannot be made.
 */
export async function prepareVariantSet(
  admin: AdminGraphql,
  shop: string,
  defaults: ParamDefaults,
  request: CreateGenerationRequest,
  nowMs: number,
  maxValues: number,
): Promise<{ generations: NewGeneration[]; set: Omit<VariantSetCreated, 'generationIds'> }> {
  const setId = newGenerationId(nowMs);
  const set = await intake(admin, shop, defaults, request, setId);
  if (!set.ok) throw invalidFields('invalid_generation', set.problems);
  const { option, values } = set.estimate;
  if (set.generations.length > maxValues)
    throw variantValuesCapError(maxValues, set.generations.length, option);
  // The options picker per value: each value's options in their own group, chosen in review.
  const options = request.options ?? 1;
  return {
    generations: set.generations.flatMap((generation) => asCandidates(generation, options, nowMs)),
    set: {
      id: setId,
      option,
      skipped: values.flatMap((value) =>
        value.skipped === null ? [] : [{ value: value.value, reason: value.skipped }],
      ),
    },
  };
}
