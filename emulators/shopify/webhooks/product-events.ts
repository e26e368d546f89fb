/**
 * Products created (by `productCreate` or the control surface) and given images, and the
 * webhooks Shopify sends for them: `products/create`, and `products/update` when media are
 * added. Bodies have the REST shape Shopify delivers for API 2024-10 and later (ids,
 * `admin_graphql_api_id`, comma-separated tags, variants, options, images, media with their
 * preview, `variant_gids`, `has_variants_that_requires_components`, `category`).
 * Only the topics the app subscribed to are sent (its shopify.app.toml, `subscriptions`), and
 * their filters honoured for the one form the app declares, "<field path>:*" (the field exists:
 * for an array, it is not empty); any other filter fails loudly rather than deliver what
 * Shopify might not.
 */
import type { Clock } from '../../../src/platform/clock.ts';
import { assetUrl } from '../cdn/urls.ts';
import { mediaStatus } from '../media/lifecycle.ts';
import type { EmulatorStore } from '../store/emulator-store.ts';
import type { FileRecord, ProductRecord, ProductStatus, ShopRecord } from '../store/types.ts';
import { slugify } from '../seed/seed-shop.ts';
import type { WebhookSubscription } from './app-subscriptions.ts';
import type { WebhookDelivery, WebhookSender } from './sender.ts';

export const PRODUCT_TOPICS = ['products/create', 'products/update'] as const;

/** Where the payload's images point: the emulator's CDN, and its clock for their status. */
export interface PayloadContext {
  baseUrl: string;
  nowMs: number;
}

export function productPayload(shop: ShopRecord, product: ProductRecord, at: PayloadContext) {
  const iso = (ms: number) => new Date(ms).toISOString();
  const productGid = `gid://shopify/Product/${product.id}`;
  const files = product.mediaIds.flatMap((id) => shop.files.get(id) ?? []);
  const ready = (file: FileRecord) => {
    const result = file.processing.result;
    return mediaStatus(file.processing, at.nowMs) === 'READY' && result?.ok
      ? result.asset
      : undefined;
  };
  const src = (file: FileRecord) => {
    const asset = ready(file);
    return asset ? assetUrl(at.baseUrl, asset.path, Math.floor(file.updatedAt / 1000)) : null;
  };
  const images = files
    .filter((file) => file.kind === 'IMAGE' && ready(file))
    .map((file, index) => ({
      id: file.id,
      alt: file.alt || null,
      position: index + 1,
      product_id: product.id,
      created_at: iso(file.createdAt),
      updated_at: iso(file.updatedAt),
      admin_graphql_api_id: `gid://shopify/ProductImage/${file.id}`,
      width: ready(file)?.width ?? 0,
      height: ready(file)?.height ?? 0,
      src: src(file),
      variant_ids: [],
    }));
  const defaultOnly =
    product.variants.length === 1 && product.variants[0]?.title === 'Default Title';
  return {
    admin_graphql_api_id: productGid,
    body_html: product.descriptionHtml,
    created_at: iso(product.createdAt),
    handle: product.handle,
    id: product.id,
    product_type: product.productType,
    published_at: product.status === 'ACTIVE' ? iso(product.createdAt) : null,
    template_suffix: null,
    title: product.title,
    updated_at: iso(product.updatedAt),
    vendor: product.vendor,
    status: product.status.toLowerCase(),
    published_scope: 'web',
    tags: product.tags.join(', '),
    variants: product.variants.map((variant) => ({
      admin_graphql_api_id: `gid://shopify/ProductVariant/${variant.id}`,
      barcode: null,
      compare_at_price: null,
      created_at: iso(product.createdAt),
      id: variant.id,
      inventory_policy: 'deny',
      position: variant.position,
      price: variant.price,
      product_id: product.id,
      sku: variant.sku,
      taxable: true,
      title: variant.title,
      updated_at: iso(product.updatedAt),
      option1: variant.title,
      option2: null,
      option3: null,
      image_id: null,
      inventory_item_id: null,
      inventory_quantity: variant.inventoryQuantity,
      old_inventory_quantity: variant.inventoryQuantity,
    })),
    options: [
      {
        name: defaultOnly ? 'Title' : 'Option',
        id: product.id,
        product_id: product.id,
        position: 1,
        values: product.variants.map((variant) => variant.title),
      },
    ],
    images,
    image: images[0] ?? null,
    media: files.map((file, position) => {
      const asset = ready(file);
      return {
        id: file.id,
        product_id: product.id,
        position: position + 1,
        created_at: iso(file.createdAt),
        updated_at: iso(file.updatedAt),
        alt: file.alt || null,
        status: mediaStatus(file.processing, at.nowMs),
        media_content_type: file.kind === 'VIDEO' ? 'VIDEO' : 'IMAGE',
        preview_image: asset
          ? { width: asset.width ?? 0, height: asset.height ?? 0, src: src(file), status: 'READY' }
          : null,
        variant_ids: [],
        admin_graphql_api_id: `gid://shopify/${file.kind === 'VIDEO' ? 'Video' : 'MediaImage'}/${file.id}`,
      };
    }),
    variant_gids: product.variants.map((variant) => ({
      admin_graphql_api_id: `gid://shopify/ProductVariant/${variant.id}`,
      updated_at: iso(product.updatedAt),
    })),
    has_variants_that_requires_components: false,
    category: null,
  };
}

/** True when `payload` passes `filter`; only "<path>:*" is supported (see the header). */
export function passesFilter(filter: string | undefined, payload: unknown): boolean {
  if (!filter) return true;
  const match = /^([a-z_][a-z0-9_.]*):\*$/i.exec(filter.trim());
  if (!match) throw new Error(`The emulator does not support the webhook filter "${filter}"`);
  let values: unknown[] = [payload];
  for (const part of match[1]!.split('.')) {
    values = values
      .flatMap((value) => (Array.isArray(value) ? value : [value]))
      .map((value) =>
        value && typeof value === 'object' ? (value as Record<string, unknown>)[part] : undefined,
      )
      .flatMap((value) => (Array.isArray(value) ? value : [value]));
  }
  return values.some((value) => value !== undefined && value !== null);
}

/** A new ready image for `product`, with the picture of an image the shop already has. */
function copyImage(
  store: EmulatorStore,
  shop: ShopRecord,
  product: ProductRecord,
  nowMs: number,
  settleAt = nowMs,
) {
  const source = [...shop.files.values()].find(
    (file) => file.kind === 'IMAGE' && file.processing.result?.ok,
  );
  if (!source) throw new Error(`Shop ${shop.domain} has no image to copy`);
  const file: FileRecord = {
    ...source,
    id: store.nextId(),
    alt: product.title,
    filename: `${product.handle}-${product.mediaIds.length + 1}${source.filename.slice(source.filename.lastIndexOf('.'))}`,
    createdAt: nowMs,
    updatedAt: nowMs,
    processing: { ...source.processing, startedAt: nowMs, settleAt },
  };
  shop.files.set(file.id, file);
  product.mediaIds.push(file.id);
}

/** A product's own fields, as `productCreate` or the control surface give them. */
export interface ProductFields {
  title: string;
  vendor?: string;
  productType?: string;
  tags?: string[];
  descriptionHtml?: string;
  status?: ProductStatus;
}

export interface NewProduct extends ProductFields {
  /** Numeric ids of collections to add it to. */
  collectionIds?: number[];
  images?: number;
  /** Its images stay PROCESSING this long (Shopify still processing them at the webhook). */
  imagesProcessingMs?: number;
}

/** A new product record with the one default variant Shopify gives a product without options. */
export function newProductRecord(
  store: EmulatorStore,
  fields: ProductFields,
  nowMs: number,
): ProductRecord {
  return {
    id: store.nextId(),
    title: fields.title,
    handle: slugify(fields.title),
    status: fields.status ?? 'ACTIVE',
    vendor: fields.vendor ?? '',
    productType: fields.productType ?? '',
    descriptionHtml: fields.descriptionHtml ?? '',
    tags: fields.tags ?? [],
    createdAt: nowMs,
    updatedAt: nowMs,
    variants: [
      {
        id: store.nextId(),
        title: 'Default Title',
        price: '10.00',
        sku: '',
        position: 1,
        inventoryQuantity: 0,
        selectedOptions: [{ name: 'Title', value: 'Default Title' }],
        mediaId: null,
      },
    ],
    mediaIds: [],
  };
}

export interface ProductEventsDeps {
  store: EmulatorStore;
  webhooks: WebhookSender;
  clock: Clock;
  baseUrl: () => string;
}

export class ProductEvents {
  private readonly deps: ProductEventsDeps;
  /** Subscription filters by topic, as declared in the app's configuration. */
  readonly filters = new Map<string, string>();
  /** The product topics the app subscribed to; null: every one (a test's own emulator). */
  private subscribed: Set<string> | null = null;

  constructor(deps: ProductEventsDeps) {
    this.deps = deps;
  }

  /** The app's subscriptions (shopify.app.toml): only their product topics are sent. */
  subscribe(subscriptions: readonly WebhookSubscription[]): void {
    this.subscribed = new Set(subscriptions.map(({ topic }) => topic));
    for (const { topic, filter } of subscriptions) {
      if (!filter) continue;
      passesFilter(filter, {}); // an unsupported filter fails here, at start, not at delivery
      this.filters.set(topic, filter);
    }
  }

  async create(shop: ShopRecord, input: NewProduct, nowMs: number) {
    const product = newProductRecord(this.deps.store, input, nowMs);
    const settleAt = nowMs + (input.imagesProcessingMs ?? 0);
    for (let i = 0; i < (input.images ?? 0); i += 1) {
      copyImage(this.deps.store, shop, product, nowMs, settleAt);
    }
    shop.products.set(product.id, product);
    for (const id of input.collectionIds ?? [])
      shop.collections.get(id)?.productIds.push(product.id);
    const deliveries = await this.deliver(shop, 'products/create', product);
    return { product, deliveries };
  }

  async addImages(shop: ShopRecord, product: ProductRecord, count: number, nowMs: number) {
    for (let i = 0; i < count; i += 1) copyImage(this.deps.store, shop, product, nowMs);
    product.updatedAt = nowMs;
    return this.deliver(shop, 'products/update', product);
  }

  /** Changes fields other than media (a title or tags edit), sending products/update. */
  async update(
    product: ProductRecord,
    shop: ShopRecord,
    change: Pick<NewProduct, 'title' | 'tags'>,
    nowMs: number,
  ) {
    if (change.title !== undefined) product.title = change.title;
    if (change.tags !== undefined) product.tags = change.tags;
    product.updatedAt = nowMs;
    return this.deliver(shop, 'products/update', product);
  }

  /**
   * Sends the topic's webhook unless the app is not subscribed to it or its filter holds it
   * back (then: []).
   */
  async deliver(
    shop: ShopRecord,
    topic: (typeof PRODUCT_TOPICS)[number],
    product: ProductRecord,
  ): Promise<WebhookDelivery[]> {
    const { webhooks, clock, baseUrl } = this.deps;
    if (!webhooks.urlFor(topic) || (this.subscribed && !this.subscribed.has(topic))) return [];
    const payload = productPayload(shop, product, { baseUrl: baseUrl(), nowMs: clock.now() });
    if (!passesFilter(this.filters.get(topic), payload)) return [];
    return webhooks.send(shop.domain, topic, payload);
  }
}
