/**
 * A result made for a value of an option (sources/variant-sources.ts) becomes the image of that
 * value's variants when it is published, and undo gives them back what they showed before.
 *
 * A variant shows one media at most: Shopify refuses to append to a variant that has one
 * (PRODUCT_VARIANT_ALREADY_HAS_MEDIA), so the result replaces the variant's image by a detach
 * then an append.
 *
 * Crash safety: what each variant showed is written on the generation (`previousMediaIds`) once,
 * before any variant is changed, and every step first reads what the variants show now and does
 * only what is left: a verify or undo repeated after a crash finishes the job and changes nothing
 * twice. Undo puts a previous image back only on a variant that still shows the result (one the
 * merchant has changed since keeps the merchant's choice) and only while that image is still
 * the product's (Shopify refuses others: that variant is left without one).
 */
import { ShopifyUserErrors } from '../../shopify/admin-errors.ts';
import {
  PRODUCT_VARIANT_APPEND_MEDIA,
  PRODUCT_VARIANT_DETACH_MEDIA,
  VARIANTS_MEDIA,
} from '../../shopify/operations/variants.ts';
import type { Generation, VariantTarget } from '../generations/generation.ts';
import type { GenerationStore } from '../generations/generation-store.ts';
import type { AdminGraphql } from '../sources/admin-graphql.ts';

/** A result of a set made per variant, on the product as media `fileId`. */
type VariantResult = Generation & { fileId: string; variant: VariantTarget };

interface Pair {
  variantId: string;
  mediaIds: string[];
}

/** The media each variant shows now; a variant deleted since is absent. */
async function shownNow(
  admin: AdminGraphql,
  variantIds: readonly string[],
): Promise<Map<string, string | null>> {
  const data = await admin.request(VARIANTS_MEDIA, { ids: [...variantIds] });
  const shown = new Map<string, string | null>();
  for (const node of data.nodes) {
    if (node?.media) shown.set(node.id, node.media.nodes[0]?.id ?? null);
  }
  return shown;
}

async function change(
  admin: AdminGraphql,
  document: typeof PRODUCT_VARIANT_APPEND_MEDIA | typeof PRODUCT_VARIANT_DETACH_MEDIA,
  productId: string,
  pairs: Pair[],
): Promise<void> {
  if (pairs.length > 0) await admin.request(document, { productId, variantMedia: pairs });
}

/**
 * Makes the published result (its file is the product's media `fileId`) the image of its
 * variants. Called by verify once the file is on the product.
 */
export async function showOnVariants(
  admin: AdminGraphql,
  generations: GenerationStore,
  generation: VariantResult,
): Promise<void> {
  const target = generation.variant;
  const { shop, id, productId, fileId } = generation;
  const shown = await shownNow(admin, target.variantIds);
  if (target.previousMediaIds === null) {
    await generations.patch(shop, id, {
      variant: { ...target, previousMediaIds: Object.fromEntries(shown) },
    });
  }
  const toChange = [...shown].filter(([, mediaId]) => mediaId !== fileId);
  await change(
    admin,
    PRODUCT_VARIANT_DETACH_MEDIA,
    productId,
    toChange.flatMap(([variantId, mediaId]) =>
      mediaId ? [{ variantId, mediaIds: [mediaId] }] : [],
    ),
  );
  await change(
    admin,
    PRODUCT_VARIANT_APPEND_MEDIA,
    productId,
    toChange.map(([variantId]) => ({ variantId, mediaIds: [fileId] })),
  );
}

/**
 * Takes the result off its variants and gives each back the image it showed before; called by
 * undo before the result leaves the product. Returns how many variants got their image back.
 */
export async function restoreVariantImages(
  admin: AdminGraphql,
  generation: VariantResult,
): Promise<number> {
  const target = generation.variant;
  const { productId, fileId } = generation;
  const shown = await shownNow(admin, target.variantIds);
  const ours = [...shown.keys()].filter((variantId) => shown.get(variantId) === fileId);
  await change(
    admin,
    PRODUCT_VARIANT_DETACH_MEDIA,
    productId,
    ours.map((variantId) => ({ variantId, mediaIds: [fileId] })),
  );
  let restored = 0;
  for (const variantId of [...shown.keys()]) {
    const previous = target.previousMediaIds?.[variantId] ?? null;
    const now = ours.includes(variantId) ? null : shown.get(variantId);
    if (previous === null || previous === fileId || now !== null) continue;
    try {
      // One at a time: a previous image the merchant deleted must not keep the others off.
      await change(admin, PRODUCT_VARIANT_APPEND_MEDIA, productId, [
        { variantId, mediaIds: [previous] },
      ]);
      restored += 1;
    } catch (error) {
      if (!(error instanceof ShopifyUserErrors)) throw error;
    }
  }
  return restored;
}
