/**
 * The merchant's decisions on a result, called by the API routes:
 *  - approve (review mode): in_review -> saving, and verify links it like any other result;
 *  - reject (review mode): in_review -> discarded, and the file is DELETED from Files. The
 *    merchant said no to a file they never chose to keep; leaving it would clutter Files with
 *    unused AI images they would have to find and delete by hand. (It was never on a product.)
 *  - undo (published): the result is unlinked from the product's media but KEPT in Files (the
 *    merchant accepted it once and may want it back), the previous featured media is restored
 *    if the result had replaced it and is still featured, a result made for a variant is taken
 *    off its variants and their previous image given back (variant-images.ts), and the
 *    generation is discarded.
 * The merchant's own media are never deleted or altered: only the result's file is touched,
 * and a reorder only moves the previous featured media back to the front.
 */
import type { CodedText } from '../../app-api/error-codes.ts';
import {
  GenerationNotFoundError,
  StaleTransitionError,
  type Generation,
  type StageName,
} from '../generations/generation.ts';
import { toldWhy } from '../generations/reason.ts';
import type { GenerationStore } from '../generations/generation-store.ts';
import type { EnqueueOptions, GenerationRef } from '../stages/stage.ts';
import type { AdminGraphql } from '../sources/admin-graphql.ts';
import { APPROVED_NOTE } from './result-holds.ts';
import type { PublishedResults } from './published-results.ts';
import { ShopifyFilesError, createShopifyFiles } from './shopify-files.ts';
import { restoreVariantImages } from './variant-images.ts';

/** What else a product's media matter to (an image experiment), told before an undo. */
export type BeforeUndo = (shop: string, productId: string) => Promise<void>;

export interface ReviewDeps {
  generations: GenerationStore;
  admin(shop: string): Promise<AdminGraphql>;
  enqueue(stage: StageName, ref: GenerationRef, options?: EnqueueOptions): Promise<void>;
  publishedResults: PublishedResults;
  beforeUndo?: BeforeUndo;
}

/** One of the merchant's decisions on the result of generation `id`. */
export type ResultAction = (deps: ReviewDeps, shop: string, id: string) => Promise<Generation>;

export const approveResult: ResultAction = async (deps, shop, id) => {
  const generation = await deps.generations.transition(shop, id, {
    from: ['in_review'],
    to: 'saving',
    // Why it waited (a try not made at the shop's cap) is answered by the approval.
    patch: toldWhy(null),
    note: APPROVED_NOTE,
  });
  await deps.enqueue('verify', { shop, generationId: id });
  return generation;
};

export const rejectResult: ResultAction = async (deps, shop, id) => {
  const generation = await deps.generations.transition(shop, id, {
    from: ['in_review'],
    to: 'discarded',
    patch: toldWhy({ code: 'reason_rejected' }),
    note: 'Rejected',
  });
  if (generation.fileId) {
    await createShopifyFiles(await deps.admin(shop)).delete(generation.fileId);
  }
  return generation;
};

export const undoPublished: ResultAction = async (deps, shop, id) => {
  const generation = await deps.generations.get(shop, id);
  if (!generation) throw new GenerationNotFoundError();
  if (generation.state !== 'published' || !generation.fileId) {
    throw new StaleTransitionError(id, generation.state, ['published'], 'discarded');
  }
  await deps.beforeUndo?.(shop, generation.productId);
  const files = createShopifyFiles(await deps.admin(shop));
  const wasFeatured = (await files.featuredMediaId(generation.productId)) === generation.fileId;
  return takeOffProduct(deps, generation, {
    restoreFeatured: wasFeatured,
    reason: { code: 'reason_undone' },
    note: 'Undone',
  });
};

/**
 * The undo itself, for the merchant's Undo and a campaign's end: unlinks a published result
 * from its product (kept in Files), puts the previous featured media back when
 * `restoreFeatured` (the caller checked the result was still featured), and discards the
 * generation. Every step is safe to repeat, so a caller that decided once may call it again
 * after a crash.
 */
export async function takeOffProduct(
  deps: ReviewDeps,
  generation: Generation,
  outcome: { restoreFeatured: boolean; reason: CodedText | string; note: string },
): Promise<Generation> {
  const files = createShopifyFiles(await deps.admin(generation.shop));
  const { shop, id, productId, fileId, previousFeaturedMediaId } = generation;
  if (!fileId) throw new StaleTransitionError(id, generation.state, ['published'], 'discarded');
  // Before it leaves the product: a variant's previous image can only come back in its place.
  const { variant } = generation;
  const variantsRestored = variant
    ? await restoreVariantImages(await deps.admin(shop), { ...generation, fileId, variant })
    : 0;
  await files.removeFromProduct(fileId, productId);
  const restored = outcome.restoreFeatured && previousFeaturedMediaId !== null;
  if (restored) {
    await files.makeFeatured(productId, previousFeaturedMediaId).catch((error: unknown) => {
      // The merchant deleted that media meanwhile: nothing to restore.
      if (!(error instanceof ShopifyFilesError && error.code === 'user_error')) throw error;
    });
  }
  // Forgotten first: a later bulk run makes this product again even if the move below fails.
  const { kind, params } = generation;
  await deps.publishedResults.forget({ shop, kind, params, productId, generationId: id });
  return deps.generations.transition(shop, id, {
    from: ['published'],
    to: 'discarded',
    patch: { mediaId: null, ...toldWhy(outcome.reason) },
    note: [
      outcome.note,
      ...(restored ? ['previous featured image restored'] : []),
      ...(variantsRestored > 0
        ? [`previous image of ${variantsRestored} variant(s) restored`]
        : []),
    ].join('; '),
  });
}
