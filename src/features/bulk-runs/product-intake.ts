/**
 * A product of a bulk run as its generations: one (or one per option, in an option group), or,
 * for a run of "one per colour", one per value of the option when the product's
 * variants have their own images (sources/variant-sources.ts: same scene, model and settings,
 * each from its variant's image, a value without one skipped). A product without such variants
 * (no such option, or no value with an image of its own) gets the usual single result, and is
 * counted so the run says so. Shared by the estimate's tally and the expansion, so both count a
 * product the same way.
 *
 * Only a product whose options include the run's option costs a second Admin query (its
 * variants, about 400 points for 100): the page already carries every product's option names.
 */
import type { EachVariant, GenerationKind, GenerationParams } from '../../app-api/contract.ts';
import {
  type NewGeneration,
  type AdminGraphql,
  intakeFor,
  loadProductVariants,
  matchOption,
  variantSetIntake,
} from '../../pipeline/index.ts';
import type { PageProduct } from './product-pages.ts';

export interface BulkProductRequest {
  shop: string;
  kind: GenerationKind;
  /** Complete parameters. */
  params: GenerationParams;
  imagesPerProduct: number;
  eachVariant: EachVariant | null;
  bulkRunId?: string;
}

/**
 * `set`: made one per value (with eachVariant); `credits` is per generation. Not ok: the product
 * cannot be made (no image the model can use).
 */
export type BulkProductIntake =
  { ok: true; set: boolean; credits: number; generations: NewGeneration[] } | { ok: false };

export async function bulkProductIntake(
  admin: AdminGraphql,
  request: BulkProductRequest,
  product: PageProduct,
  setId: string,
): Promise<BulkProductIntake> {
  const { shop, kind, params, eachVariant } = request;
  const priority = 'bulk' as const;
  const bulkRunId = request.bulkRunId ?? null;
  if (eachVariant && matchOption(product.optionNames, eachVariant.option)) {
    const variants = await loadProductVariants(admin, product.id);
    if (variants) {
      const set = variantSetIntake(
        shop,
        variants,
        { productId: product.id, kind, params },
        { option: eachVariant.option, setId, priority, bulkRunId },
      );
      if (set.ok) {
        return { ok: true, set: true, credits: set.credits, generations: set.generations };
      }
    }
  }
  const sourceMediaIds = product.images.slice(0, request.imagesPerProduct).map((image) => image.id);
  const intake = intakeFor(
    shop,
    product,
    { productId: product.id, kind, params, sourceMediaIds },
    { priority, bulkRunId },
  );
  if (!intake.ok) return { ok: false };
  return { ok: true, set: false, credits: intake.credits, generations: [intake.generation] };
}
