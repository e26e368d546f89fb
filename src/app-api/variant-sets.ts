/**
 * One result per variant: a request made once for each value of one of the product's
 * options ("one for each colour"), each from the image that value's variants show, with the same
 * scene, model and settings, so the set matches. Each result goes on the product and on the
 * variants of its value. Browser-safe: zod only; contract.ts builds on these schemas.
 */
import { z } from 'zod';
import { CodedText } from './api-error.ts';

/** Options the merchant names this way when they name none: the colour, in either spelling. */
export const DEFAULT_VARIANT_OPTIONS = ['Color', 'Colour'] as const;

/**
 * Asks for one result per value of `option` (Color by default). The product's own media in
 * `sourceMediaIds` are not used then (each value's variant image is the source): send none.
 */
export const EachVariant = z.object({
  option: z.string().trim().min(1).max(255).optional(),
});
export type EachVariant = z.infer<typeof EachVariant>;

/** One value of the option, as the estimate lists it: made from its image, or skipped and why. */
export const VariantValueView = z.object({
  value: z.string(),
  /** The variants with this value (ProductVariant gids), each of which gets the result. */
  variantIds: z.array(z.string()),
  /** The image its variants show (MediaImage gid) and a thumbnail of it; null when none. */
  mediaId: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
  /** Why no result is made for it (no image of its own); null when one is. */
  skipped: z.string().nullable(),
  /** `skipped` coded (error-codes.ts): what a client translates. */
  skippedText: CodedText.nullable(),
});
export type VariantValueView = z.infer<typeof VariantValueView>;

export const VariantSetEstimate = z.object({
  /** The option as the product spells it ("Color"). */
  option: z.string(),
  values: z.array(VariantValueView),
});
export type VariantSetEstimate = z.infer<typeof VariantSetEstimate>;

/** On a generation of a set: the value it was made for and the variants it goes on. */
export const VariantTargetView = z.object({
  /** Shared by the set's generations. */
  setId: z.string(),
  option: z.string(),
  value: z.string(),
  variantIds: z.array(z.string()),
});
export type VariantTargetView = z.infer<typeof VariantTargetView>;

/** The answer's account of a set: its generations, and the values skipped with the reason. */
export const VariantSetCreated = z.object({
  id: z.string(),
  option: z.string(),
  generationIds: z.array(z.string()),
  skipped: z.array(z.object({ value: z.string(), reason: z.string() })),
});
export type VariantSetCreated = z.infer<typeof VariantSetCreated>;

/**
 * A bulk run's (or a rule's, or a Flow run's) "one per colour": each product whose variants
 * have their own images for the option gets one result per value; a product without such
 * variants gets the usual single result. `products`: products made one per value; `results`:
 * their results together; `single`: products made as one result because they have none.
 * Counted over the products the estimate checked, or the run has read.
 */
export const BulkVariantSets = z.object({
  /** The option named, or null for Color / Colour. */
  option: z.string().nullable(),
  products: z.number().int(),
  results: z.number().int(),
  single: z.number().int(),
});
export type BulkVariantSets = z.infer<typeof BulkVariantSets>;
