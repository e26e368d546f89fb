/**
 * Plain JSON views of the shop's state for the control surface: what a test or the demo checks
 * after the app has worked (a product's media with status, alt, URL, position; the Files).
 */
import { assetUrl } from '../cdn/urls.ts';
import type { EmulatorContext } from '../emulator-context.ts';
import { FILE_GID_TYPE, fileGid, gid } from '../graphql/gid.ts';
import { mediaStatus } from '../media/lifecycle.ts';
import { productMedia, productsReferencing } from '../store/emulator-store.ts';
import type { FileRecord, ProductRecord, ShopRecord } from '../store/types.ts';

export function describeFile(emu: EmulatorContext, shop: ShopRecord, file: FileRecord) {
  const result = file.processing.result;
  const status = mediaStatus(file.processing, emu.clock.now());
  const asset = status === 'READY' && result?.ok ? result.asset : undefined;
  return {
    id: fileGid(file),
    type: FILE_GID_TYPE[file.kind],
    status,
    alt: file.alt,
    filename: file.filename,
    originalSource: file.originalSource,
    url: asset ? assetUrl(emu.baseUrl(), asset.path, Math.floor(file.updatedAt / 1000)) : null,
    mimeType: asset?.mimeType ?? null,
    width: asset?.width ?? null,
    height: asset?.height ?? null,
    errors: status === 'FAILED' && result && !result.ok ? [result.error] : [],
    references: productsReferencing(shop, file.id).map((product) => gid('Product', product.id)),
    createdAt: new Date(file.createdAt).toISOString(),
  };
}

export function describeProductMedia(
  emu: EmulatorContext,
  shop: ShopRecord,
  product: ProductRecord,
) {
  return productMedia(shop, product).map((file, position) => ({
    position,
    ...describeFile(emu, shop, file),
  }));
}

export function describeProduct(shop: ShopRecord, product: ProductRecord) {
  return {
    id: gid('Product', product.id),
    numericId: product.id,
    title: product.title,
    handle: product.handle,
    status: product.status,
    mediaCount: product.mediaIds.length,
    variants: product.variants.map((variant) => ({
      id: gid('ProductVariant', variant.id),
      title: variant.title,
      price: variant.price,
      selectedOptions: variant.selectedOptions,
      mediaId: variant.mediaId === null ? null : gid('MediaImage', variant.mediaId),
    })),
    collections: [...shop.collections.values()]
      .filter((collection) => collection.productIds.includes(product.id))
      .map((collection) => ({ id: gid('Collection', collection.id), title: collection.title })),
  };
}
