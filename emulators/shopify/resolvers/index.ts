/** Every resolver the emulator has, which is also the list of what it supports. */
import type { ResolverMap } from './resolver-types.ts';
import { collectionResolvers } from './collections.ts';
import { fileResolvers } from './files.ts';
import { flowResolvers } from './flow.ts';
import { mediaResolvers } from './media.ts';
import { metafieldResolvers } from './metafields.ts';
import { metaobjectResolvers } from './metaobjects.ts';
import { nodeResolvers } from './nodes.ts';
import { productCreateResolvers } from './product-create.ts';
import { productUpdateResolvers } from './product-update.ts';
import { productResolvers } from './products.ts';
import { reorderMediaResolvers } from './reorder-media.ts';
import { shopResolvers } from './shop.ts';
import { stagedUploadResolvers } from './staged-uploads.ts';
import { variantMediaResolvers } from './variant-media.ts';
import { webPixelResolvers } from './web-pixels.ts';
import { translationResolvers } from './translations.ts';

function merge(...maps: ResolverMap[]): ResolverMap {
  const merged: ResolverMap = {};
  for (const map of maps) {
    for (const [type, fields] of Object.entries(map)) merged[type] = { ...merged[type], ...fields };
  }
  return merged;
}

export const resolvers: ResolverMap = merge(
  shopResolvers,
  productResolvers,
  collectionResolvers,
  mediaResolvers,
  nodeResolvers,
  productCreateResolvers,
  productUpdateResolvers,
  fileResolvers,
  stagedUploadResolvers,
  reorderMediaResolvers,
  flowResolvers,
  metaobjectResolvers,
  metafieldResolvers,
  variantMediaResolvers,
  webPixelResolvers,
  translationResolvers,
);
