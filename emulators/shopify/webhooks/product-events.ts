/**
 * Products created and given images through the control surface, and the webhooks Shopify
 * sends for them: `products/create`, and `products/update` when media are added. Bodies have
 * the REST shape Shopify delivers (ids, `admin_graphql_api_id`, comma-separated tags, media).
 * Subscription filters (`filter` in shopify.app.toml) are honoured for the one form the app
 * declares, "<field path>:*" (the field exists: for an array, it is not empty); any other
 * filter fails loudly rather than deliver what Shopify might not.
 */
import type { EmulatorStore } from '../store/emulator-store.ts';
import type { FileRecord, ProductRecord, ShopRecord } from '../store/types.ts';
import { slugify } from '../seed/seed-shop.ts';
import type { WebhookDelivery, WebhookSender } from './sender.ts';

export const PRODUCT_TOPICS = ['products/create', 'products/update'] as const;

export function productPayload(shop: ShopRecord, product: ProductRecord) {
  return {
    id: product.id,
    admin_graphql_api_id: `gid://shopify/Product/${product.id}`,
    title: product.title,
    handle: product.handle,
    vendor: product.vendor,
    product_type: product.productType,
    status: product.status.toLowerCase(),
    tags: product.tags.join(', '),
    created_at: new Date(product.createdAt).toISOString(),
    updated_at: new Date(product.updatedAt).toISOString(),
    media: product.mediaIds.map((id, position) => ({
      id,
      admin_graphql_api_id: `gid://shopify/MediaImage/${id}`,
      position: position + 1,
      media_content_type: shop.files.get(id)?.kind === 'VIDEO' ? 'VIDEO' : 'IMAGE',
    })),
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

export interface NewProduct {
  title: string;
  vendor?: string;
  productType?: string;
  tags?: string[];
  /** Numeric ids of collections to add it to. */
  collectionIds?: number[];
  images?: number;
  /** Its images stay PROCESSING this long (Shopify still processing them at the webhook). */
  imagesProcessingMs?: number;
}

export class ProductEvents {
  private readonly store: EmulatorStore;
  private readonly webhooks: WebhookSender;
  /** Subscription filters by topic, as declared in the app's configuration. */
  readonly filters = new Map<string, string>();

  constructor(store: EmulatorStore, webhooks: WebhookSender) {
    this.store = store;
    this.webhooks = webhooks;
  }

  async create(shop: ShopRecord, input: NewProduct, nowMs: number) {
    const product: ProductRecord = {
      id: this.store.nextId(),
      title: input.title,
      handle: slugify(input.title),
      status: 'ACTIVE',
      vendor: input.vendor ?? '',
      productType: input.productType ?? '',
      descriptionHtml: '',
      tags: input.tags ?? [],
      createdAt: nowMs,
      updatedAt: nowMs,
      variants: [
        {
          id: this.store.nextId(),
          title: 'Default Title',
          price: '10.00',
          sku: '',
          position: 1,
          inventoryQuantity: 0,
        },
      ],
      mediaIds: [],
    };
    const settleAt = nowMs + (input.imagesProcessingMs ?? 0);
    for (let i = 0; i < (input.images ?? 0); i += 1) {
      copyImage(this.store, shop, product, nowMs, settleAt);
    }
    shop.products.set(product.id, product);
    for (const id of input.collectionIds ?? [])
      shop.collections.get(id)?.productIds.push(product.id);
    const deliveries = await this.deliver(shop, 'products/create', product);
    return { product, deliveries };
  }

  async addImages(shop: ShopRecord, product: ProductRecord, count: number, nowMs: number) {
    for (let i = 0; i < count; i += 1) copyImage(this.store, shop, product, nowMs);
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

  /** Sends the topic's webhook unless its subscription filter holds it back (then: []). */
  private async deliver(
    shop: ShopRecord,
    topic: (typeof PRODUCT_TOPICS)[number],
    product: ProductRecord,
  ): Promise<WebhookDelivery[]> {
    const payload = productPayload(shop, product);
    if (!this.webhooks.url || !passesFilter(this.filters.get(topic), payload)) return [];
    return this.webhooks.send(shop.domain, topic, payload);
  }
}
