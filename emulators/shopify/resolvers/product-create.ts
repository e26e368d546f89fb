/**
 * `productCreate(product:, media:)`: a new product with Shopify's one default variant and its
 * media (processing from now on, as productUpdate's). Then, as Shopify does once the product
 * exists, `products/create` goes to the app if it subscribed (webhooks/product-events.ts): sent
 * after the answer, never holding it up, with the media as they are at that moment.
 */
import { unsupported } from '../graphql/unsupported.ts';
import type { ProductStatus } from '../store/types.ts';
import { newProductRecord } from '../webhooks/product-events.ts';
import { onlyFields, userError } from './input-guard.ts';
import { attachMedia, mediaInputErrors, type CreateMediaInput } from './media-input.ts';
import { presentProduct } from './products.ts';
import { field, plain, type ResolverContext, type ResolverMap } from './resolver-types.ts';

interface ProductCreateArgs {
  product?: Record<string, unknown> | null;
  input?: unknown;
  media?: CreateMediaInput[] | null;
}

const CREATABLE = ['title', 'descriptionHtml', 'tags', 'productType', 'vendor', 'status'] as const;
const STATUSES: readonly string[] = ['ACTIVE', 'DRAFT', 'ARCHIVED'] satisfies ProductStatus[];

const text = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : undefined;

function productCreate(_: unknown, args: ProductCreateArgs, ctx: ResolverContext) {
  if (args.input) throw unsupported('productCreate(input:) (use product: ProductCreateInput)');
  const fields = args.product ?? {};
  onlyFields(ctx.emu.schema, fields, CREATABLE, 'ProductCreateInput');
  const title = text(fields['title'])?.trim() ?? '';
  if (title === '')
    return { product: null, userErrors: [userError(['title'], "Title can't be blank")] };
  const media = args.media ?? [];
  const errors = mediaInputErrors(media, 0);
  if (errors.length > 0) return { product: null, userErrors: errors };

  const status = fields['status'] ?? 'ACTIVE';
  if (typeof status !== 'string' || !STATUSES.includes(status)) {
    throw unsupported(`ProductStatus ${String(status)}`);
  }
  const product = newProductRecord(
    ctx.emu.store,
    {
      title,
      status: status as ProductStatus,
      tags: Array.isArray(fields['tags']) ? fields['tags'].map(String) : [],
      ...(text(fields['vendor']) === undefined ? {} : { vendor: text(fields['vendor'])! }),
      ...(text(fields['productType']) === undefined
        ? {}
        : { productType: text(fields['productType'])! }),
      ...(text(fields['descriptionHtml']) === undefined
        ? {}
        : { descriptionHtml: text(fields['descriptionHtml'])! }),
    },
    ctx.emu.clock.now(),
  );
  ctx.shop.products.set(product.id, product);
  attachMedia(ctx, product, media);
  // Delivery failures are in the sender's log (GET /__emulator/webhooks), as Shopify's are in
  // the app's webhook metrics; nothing here waits for the app.
  setImmediate(() => void ctx.emu.productEvents.deliver(ctx.shop, 'products/create', product));
  return { product: presentProduct(product), userErrors: [] };
}

export const productCreateResolvers: ResolverMap = {
  Mutation: {
    productCreate: field(productCreate, ['product', 'input', 'media']),
  },
  ProductCreatePayload: plain('product', 'userErrors'),
};
