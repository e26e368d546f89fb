/**
 * The products part of the JSON contract: the shop's products, their images and collections, as
 * the pickers show them. Browser-safe: zod only.
 */
import { z } from 'zod';

export const ProductImage = z.object({
  id: z.string(), // MediaImage gid
  url: z.string(),
  thumbnailUrl: z.string(),
  altText: z.string().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
});
export type ProductImage = z.infer<typeof ProductImage>;

export const ProductDetail = z.object({
  id: z.string(),
  title: z.string(),
  images: z.array(ProductImage),
});
export type ProductDetail = z.infer<typeof ProductDetail>;

export const ProductPage = z.object({
  products: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      imageUrl: z.string().nullable(),
      imageCount: z.number().int(),
    }),
  ),
  nextCursor: z.string().nullable(),
});
export type ProductPage = z.infer<typeof ProductPage>;

export const CollectionSummary = z.object({
  id: z.string(),
  title: z.string(),
  productsCount: z.number().int(),
});
export type CollectionSummary = z.infer<typeof CollectionSummary>;
