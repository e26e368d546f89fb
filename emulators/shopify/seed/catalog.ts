/**
 * What the demo store sells: product kinds and colours, combined into distinct products. Kept
 * as data so the seed stays deterministic (the same products, ids aside, on every start).
 */
import type { ArtKind, ImageFormat } from './product-art.ts';

export interface ProductKind {
  art: ArtKind;
  name: string;
  productType: string;
  vendor: string;
  /** Values of the Size option; one "Default Title" variant when empty. */
  options: string[];
  basePrice: number;
  collection: string;
}

export const PRODUCT_KINDS: ProductKind[] = [
  {
    art: 'mug',
    name: 'Ceramic Mug',
    productType: 'Mugs',
    vendor: 'Kiln & Co',
    options: [],
    basePrice: 18,
    collection: 'Kitchen & Dining',
  },
  {
    art: 'sneaker',
    name: 'Canvas Sneaker',
    productType: 'Shoes',
    vendor: 'Stride',
    options: ['8', '9', '10', '11'],
    basePrice: 79,
    collection: 'Footwear',
  },
  {
    art: 'bottle',
    name: 'Insulated Bottle',
    productType: 'Bottles',
    vendor: 'Trailhead',
    options: ['500 ml', '750 ml'],
    basePrice: 32,
    collection: 'Kitchen & Dining',
  },
  {
    art: 'lamp',
    name: 'Desk Lamp',
    productType: 'Lighting',
    vendor: 'Lumen Works',
    options: [],
    basePrice: 65,
    collection: 'Home',
  },
  {
    art: 'backpack',
    name: 'Daypack',
    productType: 'Bags',
    vendor: 'Trailhead',
    options: ['20 L', '28 L'],
    basePrice: 89,
    collection: 'Bags & Travel',
  },
  {
    art: 'watch',
    name: 'Field Watch',
    productType: 'Watches',
    vendor: 'Hour Hand',
    options: [],
    basePrice: 149,
    collection: 'Accessories',
  },
  {
    art: 'chair',
    name: 'Lounge Chair',
    productType: 'Furniture',
    vendor: 'Oak & Iron',
    options: [],
    basePrice: 320,
    collection: 'Home',
  },
  {
    art: 'plant',
    name: 'Planter Pot',
    productType: 'Planters',
    vendor: 'Kiln & Co',
    options: ['Small', 'Large'],
    basePrice: 28,
    collection: 'Home',
  },
  {
    art: 'headphones',
    name: 'Wireless Headphones',
    productType: 'Audio',
    vendor: 'Sonic',
    options: [],
    basePrice: 129,
    collection: 'Accessories',
  },
  {
    art: 'tshirt',
    name: 'Organic T-Shirt',
    productType: 'Shirts',
    vendor: 'Threadline',
    options: ['S', 'M', 'L', 'XL'],
    basePrice: 29,
    collection: 'Apparel',
  },
  {
    art: 'cap',
    name: 'Baseball Cap',
    productType: 'Hats',
    vendor: 'Threadline',
    options: [],
    basePrice: 24,
    collection: 'Apparel',
  },
  {
    art: 'candle',
    name: 'Soy Candle',
    productType: 'Candles',
    vendor: 'Wick House',
    options: [],
    basePrice: 22,
    collection: 'Home',
  },
];

export const COLOURS: { name: string; hex: string }[] = [
  { name: 'Terracotta', hex: '#c4622d' },
  { name: 'Ocean', hex: '#1f6f9f' },
  { name: 'Sage', hex: '#7d9a6f' },
  { name: 'Charcoal', hex: '#3b3b3b' },
  { name: 'Mustard', hex: '#d9a21b' },
  { name: 'Blush', hex: '#d98c9a' },
  { name: 'Ivory', hex: '#e9e2cf' },
  { name: 'Plum', hex: '#6b3b6b' },
];

/** The collection holding most of the catalogue, for bulk runs (at least 60 products). */
export const BULK_COLLECTION = 'Best Sellers';
export const BULK_COLLECTION_SIZE = 64;
/** The newest products. */
export const NEW_ARRIVALS = 'New Arrivals';
export const NEW_ARRIVALS_SIZE = 12;

export interface ImagePlan {
  width: number;
  height: number;
  format: ImageFormat;
}

/**
 * How many images product `index` has and their sizes: mostly 1-4 square JPEGs, with portrait,
 * landscape, PNG, WebP and one large image among them, and every 13th product (starting with the
 * third) without any image.
 */
export function imagePlan(index: number): ImagePlan[] {
  if (index % 13 === 2) return [];
  const count = 1 + (index % 4);
  return Array.from({ length: count }, (_, view) => {
    if (index === 0 && view === 0) return { width: 2048, height: 2048, format: 'jpeg' };
    if (view === 1 && index % 3 === 0) return { width: 1200, height: 1600, format: 'jpeg' };
    if (view === 2) return { width: 1600, height: 1200, format: 'png' };
    if (view === 3) return { width: 1024, height: 1024, format: 'webp' };
    return { width: 1024, height: 1024, format: 'jpeg' };
  });
}
