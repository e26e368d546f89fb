/**
 * What a bulk run would do with each product of its target, counted before it starts: how many
 * products the options cannot serve (no image for a model that needs one: the same intake rule
 * the expansion applies) and how many already carry a result of this app made with the same
 * options. It reads the target a page at a time, like the expansion, and stops after
 * `maxChecked` products so an estimate of a huge collection stays a few Admin queries; the
 * products beyond are counted as to be made, and the estimate says how many were checked.
 */
import type {
  BulkRunTarget,
  BulkVariantSets,
  EachVariant,
  GenerationKind,
  GenerationParams,
} from '../../app-api/contract.ts';
import type { PublishedResults, AdminGraphql } from '../../pipeline/index.ts';
import { bulkProductIntake } from './product-intake.ts';
import { readProductPage, TargetGoneError } from './product-pages.ts';

export interface TallyLimits {
  pageSize: number;
  maxChecked: number;
}

/** 20 pages of 50: a second or two of Admin queries, well inside the cost budget. */
export const DEFAULT_TALLY_LIMITS: TallyLimits = { pageSize: 50, maxChecked: 1_000 };

export interface TargetTally {
  /** Entries of the target looked at. */
  checked: number;
  /** Of them, products that cannot be made (no image, or deleted since they were chosen). */
  unprocessable: number;
  /** Of them, products that already carry a result with these options (and could be made). */
  alreadyDone: number;
  /**
   * With eachVariant: of the products to make (neither unprocessable nor already done unless
   * made again), those made one per value, their results, and those made singly.
   */
  variantSets: BulkVariantSets | null;
}

export interface TallyRequest {
  shop: string;
  target: BulkRunTarget;
  kind: GenerationKind;
  /** Complete parameters (see `completeParams`). */
  params: GenerationParams;
  imagesPerProduct: number;
  eachVariant?: EachVariant | null;
  /** Count the sets of products already done too (the run makes them again). */
  includeDone?: boolean;
}

export async function tallyTarget(
  deps: { admin: AdminGraphql; publishedResults: PublishedResults },
  request: TallyRequest,
  limits: TallyLimits = DEFAULT_TALLY_LIMITS,
): Promise<TargetTally> {
  const { shop, target, kind, params, imagesPerProduct } = request;
  const eachVariant = request.eachVariant ?? null;
  const tally: TargetTally = {
    checked: 0,
    unprocessable: 0,
    alreadyDone: 0,
    variantSets: eachVariant
      ? { option: eachVariant.option ?? null, products: 0, results: 0, single: 0 }
      : null,
  };
  let cursor: string | null = null;
  do {
    const pageSize = Math.min(limits.pageSize, limits.maxChecked - tally.checked);
    let page;
    try {
      page = await readProductPage(deps.admin, target, cursor, pageSize, imagesPerProduct);
    } catch (error) {
      if (error instanceof TargetGoneError) return tally;
      throw error;
    }
    const ids = page.products.map((product) => product.id);
    const done = await deps.publishedResults.alreadyDone(shop, kind, params, ids);
    tally.checked += page.consumed;
    tally.unprocessable += page.consumed - page.products.length; // deleted meanwhile
    for (const product of page.products) {
      const intake = await bulkProductIntake(
        deps.admin,
        { shop, kind, params, imagesPerProduct, eachVariant },
        product,
        'estimate',
      );
      if (!intake.ok) tally.unprocessable += 1;
      else if (done.has(product.id)) tally.alreadyDone += 1;
      if (!intake.ok || !tally.variantSets) continue;
      if (done.has(product.id) && !request.includeDone) continue;
      if (intake.set) {
        tally.variantSets.products += 1;
        tally.variantSets.results += intake.generations.length;
      } else {
        tally.variantSets.single += 1;
      }
    }
    cursor = page.nextCursor;
  } while (cursor !== null && tally.checked < limits.maxChecked);
  return tally;
}
