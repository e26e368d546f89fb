/**
 * The end's losers step (experiment-steps.ts), for an experiment started with `losers:
 * 'remove_from_product'` whose end keeps an arm: every other arm's image leaves the product and
 * stays in Files. A losing AI photo leaves through the publish machinery's undo
 * (`takeOffProduct`: unlinked, its generation discarded and forgotten by the published results,
 * so Activity and the next bulk run see it as after the merchant's Undo); the original is
 * unlinked. It runs after the featured step, so the product never goes without the kept image
 * at its front.
 *
 * Safe to repeat after a crash at any point: unlinking an image the product no longer has
 * changes nothing, and an AI photo whose generation is no longer published with that image (its
 * undo done, or the merchant's own) is left as it is.
 */
import {
  createShopifyFiles,
  ShopifyFilesError,
  takeOffProduct,
  type ReviewDeps,
} from '../../pipeline/index.ts';
import type { Experiment, ExperimentArmId } from './experiment.ts';

export const LOST_REASON = 'Lost its image experiment: removed from the product, kept in Files.';

export async function removeLosers(
  review: ReviewDeps,
  experiment: Experiment,
  kept: ExperimentArmId,
): Promise<void> {
  if (experiment.losers !== 'remove_from_product') return;
  const { shop, productId } = experiment;
  const files = createShopifyFiles(await review.admin(shop));
  for (const arm of experiment.arms) {
    if (arm.arm === kept) continue;
    if (arm.generationId === null) {
      await files.removeFromProduct(arm.media, productId).catch((error: unknown) => {
        // The merchant deleted that image meanwhile: nothing left to unlink.
        if (!(error instanceof ShopifyFilesError && error.code === 'user_error')) throw error;
      });
      continue;
    }
    const generation = await review.generations.get(shop, arm.generationId);
    if (generation?.state !== 'published' || generation.fileId !== arm.media) continue;
    await takeOffProduct(review, generation, {
      restoreFeatured: false,
      reason: LOST_REASON,
      note: 'Lost its image experiment',
    });
  }
}
