/**
 * `list` and `count`: a shop's generations by filter. Index members are time-sortable ids with
 * score 0 (ids.ts), so lexicographic order is creation order and a page is one ZREVRANGEBYLEX
 * from the cursor. One index serves the narrowest filter; the rest is applied in memory.
 */
import type { Generation } from '../generation.ts';
import { generationKeys } from '../keys.ts';
import { getMany } from './get.ts';
import type { GenerationFilter, GenerationStore, GenerationStoreDeps } from './types.ts';

/**
 * A page with a filter no index serves exactly (product and state, a verdict) reads at most this many
 * batches of `limit` ids, then answers with what it found and a cursor to go on: a read is
 * bounded by the page size, never by the shop's history.
 */
export const MAX_SCAN_BATCHES = 4;

export function list({ redis }: Pick<GenerationStoreDeps, 'redis'>): GenerationStore['list'] {
  return async (shop, filter = {}, page = {}) => {
    const limit = Math.min(Math.max(page.limit ?? 50, 1), 200);
    const index = indexFor(shop, filter);
    const found: Generation[] = [];
    let cursor = page.cursor ?? null;
    // Reads ahead a few batches so that a sparse match still fills the page.
    for (let batch = 1; ; batch += 1) {
      const ids = await redis.zrevrangebylex(
        index,
        cursor ? `(${cursor}` : '+',
        '-',
        'LIMIT',
        0,
        limit,
      );
      for (const generation of await getMany(redis, shop, ids)) {
        if (matches(generation, filter)) found.push(generation);
        if (found.length === limit) return { generations: found, nextCursor: generation.id };
      }
      if (ids.length < limit) return { generations: found, nextCursor: null };
      cursor = ids[ids.length - 1]!;
      if (batch === MAX_SCAN_BATCHES) return { generations: found, nextCursor: cursor };
    }
  };
}

export function count({ redis }: Pick<GenerationStoreDeps, 'redis'>): GenerationStore['count'] {
  return async (shop, filter = {}) => {
    // Exact when one index serves the whole filter: a product with another filter is not, nor
    // a verdict (read from the records) but for a run's results in review.
    const exact =
      !(filter.productId && (filter.state || filter.bulkRunId)) &&
      (!filter.fidelity || runVerdictIndex(shop, filter) !== null);
    return exact ? redis.zcard(indexFor(shop, filter)) : null;
  };
}

/** A run's results in review with one verdict, and nothing else: one index holds them. */
function runVerdictIndex(shop: string, filter: GenerationFilter): string | null {
  const { bulkRunId, state, fidelity, productId } = filter;
  return bulkRunId && state === 'in_review' && fidelity && !productId
    ? generationKeys.byBulkRunVerdict(shop, bulkRunId, fidelity)
    : null;
}

function indexFor(shop: string, filter: GenerationFilter): string {
  const byVerdict = runVerdictIndex(shop, filter);
  if (byVerdict) return byVerdict;
  if (filter.bulkRunId && filter.state) {
    return generationKeys.byBulkRunState(shop, filter.bulkRunId, filter.state);
  }
  if (filter.bulkRunId) return generationKeys.byBulkRun(shop, filter.bulkRunId);
  if (filter.productId) return generationKeys.byProduct(shop, filter.productId);
  if (filter.state) return generationKeys.byState(shop, filter.state);
  return generationKeys.all(shop);
}

function matches(generation: Generation, filter: GenerationFilter): boolean {
  return (
    (!filter.state || generation.state === filter.state) &&
    (!filter.bulkRunId || generation.bulkRunId === filter.bulkRunId) &&
    (!filter.productId || generation.productId === filter.productId) &&
    (!filter.fidelity || generation.fidelity?.verdict === filter.fidelity)
  );
}
