/**
 * How a bulk run is laid out in Redis: its keys (a hash per run, one field per record field,
 * JSON-encoded; the shop's index of runs; a run's claimed products and its tries), the fields
 * stored, and what a run stored before a field existed reads as. `bulk-run-store.ts` reads and
 * writes through it; the Lua scripts beside it take these keys.
 */
import { shopKeyspace } from '../../platform/keys.ts';
import type { BulkRun } from './bulk-run.ts';

const keys = shopKeyspace('bulk-runs');
export const runKey = (shop: string, id: string) => keys.key(shop, 'run', id);
export const claimsKey = (shop: string, id: string) => keys.key(shop, 'run', id, 'claims');
export const triesKey = (shop: string, id: string) => keys.key(shop, 'run', id, 'tries');
export const indexKey = (shop: string) => keys.key(shop, 'index');

/** Fields added after runs were first stored: what a run stored before them reads as. */
export const LATER_FIELDS: Pick<
  BulkRun,
  | 'includeDone'
  | 'skippedUnprocessable'
  | 'skippedDone'
  | 'options'
  | 'plannedNoImage'
  | 'plannedAlreadyDone'
  | 'eachVariant'
  | 'plannedVariantSets'
  | 'variantProducts'
  | 'variantResults'
  | 'variantSingle'
  | 'atCapSince'
  | 'pausedAt'
  | 'expiredAt'
> = {
  atCapSince: null,
  pausedAt: null,
  expiredAt: null,
  eachVariant: null,
  plannedVariantSets: null,
  variantProducts: 0,
  variantResults: 0,
  variantSingle: 0,
  includeDone: true,
  options: 1,
  skippedUnprocessable: 0,
  skippedDone: 0,
  plannedNoImage: 0,
  plannedAlreadyDone: 0,
};

export const FIELDS = [
  'id',
  'shop',
  'title',
  'target',
  'kind',
  'params',
  'imagesPerProduct',
  'options',
  'state',
  'productCount',
  'expandedCount',
  'creditsPerProduct',
  'estimatedCredits',
  'creditBudget',
  'creditsCommitted',
  'skippedForBudget',
  'includeDone',
  'skippedUnprocessable',
  'skippedDone',
  'plannedNoImage',
  'plannedAlreadyDone',
  'eachVariant',
  'plannedVariantSets',
  'variantProducts',
  'variantResults',
  'variantSingle',
  'atCapSince',
  'pausedAt',
  'expiredAt',
  'cursor',
  'expansionDone',
  'createdAt',
  'updatedAt',
] as const satisfies readonly (keyof BulkRun)[];
