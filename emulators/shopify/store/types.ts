/**
 * The emulator's in-memory model of a shop. Product media and the shop's Files are one set of
 * records, as on Shopify: a MediaImage attached to a product is also a file in the Files
 * section, and a product's media are the files it references, in order.
 */

export type ProductStatus = 'ACTIVE' | 'DRAFT' | 'ARCHIVED';

export interface VariantRecord {
  id: number;
  title: string;
  price: string;
  sku: string;
  position: number;
  inventoryQuantity: number;
  /** The option values that make this variant, in the product's option order. */
  selectedOptions: SelectedOption[];
  /**
   * The variant's own image (a record of the product's media), or null. Shopify gives a variant
   * one at most: appending to a variant that has one is refused (PRODUCT_VARIANT_ALREADY_HAS_MEDIA).
   */
  mediaId: number | null;
}

export interface SelectedOption {
  name: string;
  value: string;
}

export interface ProductRecord {
  id: number;
  title: string;
  handle: string;
  status: ProductStatus;
  vendor: string;
  productType: string;
  descriptionHtml: string;
  tags: string[];
  createdAt: number;
  updatedAt: number;
  variants: VariantRecord[];
  /** The product's media, in position order: ids of records in `ShopRecord.files`. */
  mediaIds: number[];
  /**
   * Its metafields by `namespace.key` (`$app:` namespaces kept as sent), as the Admin API's
   * `metafieldsSet` writes them and the storefront's Liquid reads them (storefront/); none until
   * one is set.
   */
  metafields?: Map<string, MetafieldRecord>;
}

export interface MetafieldRecord {
  id: number;
  namespace: string;
  key: string;
  /** `json`, `single_line_text_field`, ...: how Liquid reads the value. */
  type: string;
  /** As set: a string, JSON text for `json`. */
  value: string;
}

export interface CollectionRecord {
  id: number;
  title: string;
  handle: string;
  descriptionHtml: string;
  /** Products in the collection's manual order. */
  productIds: number[];
  updatedAt: number;
}

/** What Shopify calls the file's content type; decides MediaImage, Video or GenericFile. */
export type FileKind = 'IMAGE' | 'VIDEO' | 'FILE';

/** A stored, servable copy of a file's bytes (on the emulator's CDN). */
export interface StoredAsset {
  /** Path on the emulator, e.g. `/cdn/shops/<shop>/files/mug.jpg`. */
  path: string;
  mimeType: string;
  /** Unknown for seeded images until they are first drawn. */
  byteSize?: number;
  width?: number;
  height?: number;
  durationMs?: number;
}

export interface MediaProblem {
  /** A MediaErrorCode / FileErrorCode value from the schema. */
  code: string;
  message: string;
  details: string | null;
}

export type ProcessingResult =
  { ok: true; asset: StoredAsset } | { ok: false; error: MediaProblem };

/** See media/lifecycle.ts for how these times become a status. */
export interface ProcessingRecord {
  startedAt: number;
  /** Earliest time the result may show (startedAt + mediaProcessingMs). */
  settleAt: number;
  /** Null while the source is still being fetched and checked. */
  result: ProcessingResult | null;
}

export interface FileRecord {
  id: number;
  kind: FileKind;
  alt: string;
  filename: string;
  /** The URL the file was created from (external URL or staged upload). */
  originalSource: string;
  createdAt: number;
  updatedAt: number;
  processing: ProcessingRecord;
}

export interface MetaobjectDefinitionRecord {
  id: number;
  type: string;
  name: string;
  /** Field key -> field type (`single_line_text_field`, `file_reference`, ...). */
  fields: Map<string, string>;
}

export interface MetaobjectRecord {
  id: number;
  type: string;
  handle: string;
  /** Field key -> value, as set (strings, as Shopify stores them). */
  fields: Map<string, string>;
  createdAt: number;
  updatedAt: number;
}

export interface JobRecord {
  id: string;
  doneAt: number;
}

export interface ShopRecord {
  domain: string;
  numericId: number;
  name: string;
  email: string;
  currencyCode: string;
  ianaTimezone: string;
  createdAt: number;
  installed: boolean;
  scopes: string[];
  products: Map<number, ProductRecord>;
  collections: Map<number, CollectionRecord>;
  files: Map<number, FileRecord>;
  jobs: Map<string, JobRecord>;
  /** Metaobject definitions, by type (`$app:` types kept as sent). */
  metaobjectDefinitions: Map<string, MetaobjectDefinitionRecord>;
  /** Metaobject entries, by `type/handle`. */
  metaobjects: Map<string, MetaobjectRecord>;
  /** The app's web pixel, once created (webPixelCreate, or the storefront's control route). */
  webPixel?: WebPixelRecord;
  /** The shop's enabled locales, the primary first (Settings › Languages). */
  locales: ShopLocaleRecord[];
  /** Registered translations by resource gid, then by `locale/key` (translationsRegister). */
  translations: Map<string, Map<string, TranslationRecord>>;
}

export interface ShopLocaleRecord {
  locale: string;
  primary: boolean;
  published: boolean;
}

export interface TranslationRecord {
  key: string;
  locale: string;
  value: string;
  /** The digest of the content it translates, as registered: another now means outdated. */
  digest: string;
  updatedAt: number;
}

export interface WebPixelRecord {
  id: number;
  /** JSON text, what the storefront's pixel sandbox hands the pixel. */
  settings: string;
}
