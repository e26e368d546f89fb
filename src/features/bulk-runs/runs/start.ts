/** `start`: creates the run its plan describes and starts its expansion. */
import { BulkRequestError } from './bulk-request-error.ts';
import { plan } from './plan.ts';
import { bulkRunsCapError } from '../../../pipeline/index.ts';
import type { BulkRuns, BulkRunsDeps } from './types.ts';

export function start(
  deps: Pick<
    BulkRunsDeps,
    | 'admin'
    | 'publishedResults'
    | 'forecaster'
    | 'tallyLimits'
    | 'runs'
    | 'startExpansion'
    | 'quotas'
  >,
): BulkRuns['start'] {
  return async (shop, request, defaults, onCreated) => {
    // A shop at its cap is refused before its products are read from Shopify (the plan reads
    // them all): a flood of requests past it costs a Redis read each. `createWithin` below
    // stays the exact check.
    const cap = deps.quotas.bulkRunsPerShop;
    if ((await deps.runs.readingCount(shop)) >= cap) throw bulkRunsCapError(cap);
    const planned = await plan(deps, shop, request, defaults);
    if (planned.problems.length > 0) throw new BulkRequestError(planned.problems);
    const target =
      request.target.type === 'products'
        ? { type: 'products' as const, productIds: [...new Set(request.target.productIds)] }
        : request.target;
    // Within the shop's cap of runs reading at once, checked and created in one atomic step.
    const run = await deps.runs.createWithin(
      {
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
        plannedNoImage: planned.estimate.unprocessable,
        plannedAlreadyDone: planned.estimate.alreadyDone,
        eachVariant: request.eachVariant ?? null,
        plannedVariantSets: planned.estimate.variantSets ?? null,
      },
      cap,
    );
    if (!run) throw bulkRunsCapError(cap);
    await onCreated?.(run);
    await deps.startExpansion(shop, run.id);
    return run;
  };
}
