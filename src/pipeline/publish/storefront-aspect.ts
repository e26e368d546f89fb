/**
 * The aspect ratio the shop's storefront shows its products in: the most common one among the
 * featured images of its 25 most recently updated products (ratios within 2 % count as one), read
 * with the Admin API; null when none of them has an image. One Admin read of about 77 points per
 * result checked for the storefront.
 */
import { PRODUCT_IMAGE_SHAPES } from '../../shopify/operations/products.ts';
import type { AdminGraphql } from '../sources/admin-graphql.ts';

const PRODUCTS_READ = 25;

export async function storefrontAspect(admin: AdminGraphql): Promise<number | null> {
  const data = await admin.request(PRODUCT_IMAGE_SHAPES, { first: PRODUCTS_READ });
  const counts: { ratio: number; count: number }[] = [];
  for (const node of data.products.nodes) {
    const media = node.featuredMedia;
    const image = media && 'image' in media ? media.image : null;
    if (!image?.width || !image.height) continue;
    const ratio = image.width / image.height;
    const same = counts.find((seen) => Math.abs(Math.log(seen.ratio / ratio)) <= Math.log(1.02));
    if (same) same.count += 1;
    else counts.push({ ratio, count: 1 });
  }
  counts.sort((a, b) => b.count - a.count);
  return counts[0]?.ratio ?? null;
}
