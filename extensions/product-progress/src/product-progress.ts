/**
 * What the product page's block shows from the product's newest generations: the work that is
 * current (being made, waiting for the merchant's review, or failed since the last photo
 * arrived) and the latest photo, video or upscale on the product.
 */
import type { GenerationView } from '../../../src/app-api/contract.ts';
import { isMoving } from '../../shared/generation-progress.ts';

export interface ProductProgress {
  /** Newest first. Several results of one request waiting to be chosen among are one entry. */
  current: Array<{ generation: GenerationView; count: number }>;
  /** The newest generation on the product, or null. */
  latest: GenerationView | null;
}

/** `generations`: the product's newest, newest first (as GET /api/generations answers). */
export function productProgress(generations: readonly GenerationView[]): ProductProgress {
  const latestIndex = generations.findIndex(({ state }) => state === 'published');
  const current: ProductProgress['current'] = [];
  generations.forEach((generation, index) => {
    const failedSinceLatest =
      generation.state === 'failed' && (latestIndex === -1 || index < latestIndex);
    if (!isMoving(generation.state) && generation.state !== 'in_review' && !failedSinceLatest) {
      return;
    }
    const group = generation.state === 'in_review' ? generation.optionGroup : null;
    const sameGroup =
      group === null
        ? undefined
        : current.find(
            (entry) =>
              entry.generation.state === 'in_review' && entry.generation.optionGroup === group,
          );
    if (sameGroup) sameGroup.count += 1;
    else current.push({ generation, count: 1 });
  });
  return { current, latest: latestIndex === -1 ? null : (generations[latestIndex] ?? null) };
}
