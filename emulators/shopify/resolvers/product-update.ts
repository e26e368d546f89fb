/**
 * `productUpdate(product:, media:)`, the 2026-10 way to add media to a product: each
 * CreateMediaInput becomes a MediaImage or Video appended to the product's media (and to the
 * shop's Files), UPLOADED at first, processed asynchronously (media/lifecycle.ts).
 */
import { GraphQLError } from 'graphql';
import { unsupported } from '../graphql/unsupported.ts';
import { recordById } from './by-id.ts';
import { onlyFields, userError } from './input-guard.ts';
import { attachMedia, mediaInputErrors, type CreateMediaInput } from './media-input.ts';
import { presentProduct } from './products.ts';
import { field, plain, type ResolverContext, type ResolverMap } from './resolver-types.ts';

interface ProductUpdateArgs {
  product?: Record<string, unknown> | null;
  identifier?: Record<string, unknown> | null;
  input?: unknown;
  media?: CreateMediaInput[] | null;
}

const UPDATABLE = ['id', 'title', 'descriptionHtml', 'tags', 'status'] as const;

function productUpdate(_: unknown, args: ProductUpdateArgs, ctx: ResolverContext) {
  if (args.input) throw unsupported('productUpdate(input:) (use product: ProductUpdateInput)');
  const changes = args.product ?? {};
  onlyFields(ctx.emu.schema, changes, UPDATABLE, 'ProductUpdateInput');
  if (args.identifier)
    onlyFields(ctx.emu.schema, args.identifier, ['id'], 'ProductUpdateIdentifiers');
  const rawId = changes['id'] ?? args.identifier?.['id'];
  if (rawId === undefined || rawId === null) {
    return { product: null, userErrors: [userError(['id'], 'Product id is required')] };
  }
  const product = recordById(ctx.shop.products, rawId, 'Product');
  if (!product) return { product: null, userErrors: [userError(['id'], 'Product does not exist')] };

  const media = args.media ?? [];
  const errors = mediaInputErrors(media, product.mediaIds.length);
  if (errors.length > 0) return { product: presentProduct(product), userErrors: errors };

  const now = ctx.emu.clock.now();
  if (typeof changes['title'] === 'string') {
    if (changes['title'].trim() === '') {
      return {
        product: presentProduct(product),
        userErrors: [userError(['title'], "Title can't be blank")],
      };
    }
    product.title = changes['title'];
  }
  if (typeof changes['descriptionHtml'] === 'string')
    product.descriptionHtml = changes['descriptionHtml'];
  if (Array.isArray(changes['tags'])) product.tags = changes['tags'].map(String);
  if (
    changes['status'] === 'ACTIVE' ||
    changes['status'] === 'DRAFT' ||
    changes['status'] === 'ARCHIVED'
  ) {
    product.status = changes['status'];
  } else if (changes['status'] != null) {
    throw new GraphQLError(
      `ProductStatus ${String(changes['status'])} is not supported by the Shopify emulator`,
    );
  }
  attachMedia(ctx, product, media);
  product.updatedAt = now;
  return { product: presentProduct(product), userErrors: [] };
}

export const productUpdateResolvers: ResolverMap = {
  Mutation: {
    productUpdate: field(productUpdate, ['product', 'identifier', 'input', 'media']),
  },
  ProductUpdatePayload: plain('product', 'userErrors'),
  UserError: plain('field', 'message'),
};
