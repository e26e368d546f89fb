/** `estimate`: the plan's estimate, for the merchant to see before starting a run. */
import { plan } from './plan.ts';
import type { BulkRuns, BulkRunsDeps } from './types.ts';

export function estimate(
  deps: Pick<BulkRunsDeps, 'admin' | 'publishedResults' | 'forecaster' | 'tallyLimits'>,
): BulkRuns['estimate'] {
  return async (shop, request, defaults) => (await plan(deps, shop, request, defaults)).estimate;
}
