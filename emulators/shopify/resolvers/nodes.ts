/** `node`, `nodes`, `files` and `job`: lookups by global id and the shop's Files. */
import { GraphQLError } from 'graphql';
import { PAGINATION_ARGS, connectionTypes, paginate } from '../graphql/connection.ts';
import { FILE_GID_TYPE, requireGid, type ParsedGid } from '../graphql/gid.ts';
import { compareNumber, searchItems, textMatches } from '../graphql/search-query.ts';
import { UNSUPPORTED_CODE, unsupported } from '../graphql/unsupported.ts';
import { mediaStatus } from '../media/lifecycle.ts';
import { productsReferencing } from '../store/emulator-store.ts';
import type { FileRecord } from '../store/types.ts';
import { presentCollection } from './collections.ts';
import { presentFile } from './media.ts';
import { presentProduct, presentVariant } from './products.ts';
import {
  field,
  plain,
  type Args,
  type Presented,
  type ResolverContext,
  type ResolverMap,
} from './resolver-types.ts';

/** Node types the emulator serves; a gid of any other Shopify type is refused loudly. */
const SERVED_NODE_TYPES = [
  'Product',
  'ProductVariant',
  'Collection',
  'MediaImage',
  'Video',
  'GenericFile',
];

function findNode(ctx: ResolverContext, parsed: ParsedGid): Presented | null {
  const { shop } = ctx;
  switch (parsed.type) {
    case 'Product': {
      const product = shop.products.get(parsed.id);
      return product ? presentProduct(product) : null;
    }
    case 'Collection': {
      const collection = shop.collections.get(parsed.id);
      return collection ? presentCollection(collection) : null;
    }
    case 'ProductVariant': {
      for (const product of shop.products.values()) {
        const variant = product.variants.find((v) => v.id === parsed.id);
        if (variant) return presentVariant(product, variant);
      }
      return null;
    }
    default: {
      const file = shop.files.get(parsed.id);
      return file && FILE_GID_TYPE[file.kind] === parsed.type ? presentFile(ctx, file) : null;
    }
  }
}

function nodeById(ctx: ResolverContext, id: unknown): Presented | null {
  const parsed = requireGid(id);
  if (!SERVED_NODE_TYPES.includes(parsed.type)) {
    throw new GraphQLError(
      `Nodes of type ${parsed.type} are not supported by the Shopify emulator`,
      { extensions: { code: UNSUPPORTED_CODE } },
    );
  }
  return findNode(ctx, parsed);
}

const MEDIA_TYPES: Record<string, FileRecord['kind']> = {
  IMAGE: 'IMAGE',
  VIDEO: 'VIDEO',
  GENERIC_FILE: 'FILE',
};

function fileSearch(ctx: ResolverContext) {
  return {
    default: (f: FileRecord, t: { value: string }) =>
      textMatches(f.filename, t.value) || textMatches(f.alt, t.value),
    // A filename term names the whole filename (apps look files up by the name they gave).
    filename: (f: FileRecord, t: { value: string }) =>
      t.value.includes('*')
        ? textMatches(f.filename, t.value)
        : f.filename.toLowerCase() === t.value.toLowerCase(),
    id: (f: FileRecord, t: Parameters<typeof compareNumber>[1]) => compareNumber(f.id, t),
    media_type: (f: FileRecord, t: { value: string }) =>
      MEDIA_TYPES[t.value.toUpperCase()] === f.kind,
    status: (f: FileRecord, t: { value: string }) =>
      mediaStatus(f.processing, ctx.emu.clock.now()) === t.value.toUpperCase(),
    product_id: (f: FileRecord, t: { value: string }) =>
      productsReferencing(ctx.shop, f.id).some(
        (p) => String(p.id) === t.value.replace(/^gid:\/\/shopify\/Product\//, ''),
      ),
    used_in: (f: FileRecord, t: { value: string }) =>
      t.value === 'product'
        ? productsReferencing(ctx.shop, f.id).length > 0
        : t.value === 'none' && productsReferencing(ctx.shop, f.id).length === 0,
  };
}

export const nodeResolvers: ResolverMap = {
  QueryRoot: {
    node: field(
      (_: unknown, args: Args, ctx: ResolverContext) => nodeById(ctx, args['id']),
      ['id'],
    ),
    nodes: field(
      (_: unknown, args: Args, ctx: ResolverContext) =>
        (args['ids'] as unknown[]).map((id) => nodeById(ctx, id)),
      ['ids'],
    ),
    files: field(
      (_: unknown, args: Args, ctx: ResolverContext) => {
        if (args['sortKey'] !== 'ID' && args['sortKey'] !== 'CREATED_AT') {
          throw unsupported(`sortKey ${String(args['sortKey'])}`);
        }
        const files = searchItems(ctx.shop.files.values(), args['query'], fileSearch(ctx));
        return paginate(files, args, (f) => presentFile(ctx, f));
      },
      [...PAGINATION_ARGS, 'query', 'sortKey'],
    ),
    job: field(
      (_: unknown, args: Args, ctx: ResolverContext) => {
        const id = String(args['id']);
        const job = ctx.shop.jobs.get(id);
        return job
          ? { __typename: 'Job', id: job.id, done: ctx.emu.clock.now() >= job.doneAt }
          : null;
      },
      ['id'],
    ),
  },
  Job: plain('id', 'done'),
  ...connectionTypes('File'),
};
