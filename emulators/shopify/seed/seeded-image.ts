/**
 * A seeded product image: drawn when first asked for (assets.putLazy), and a file of the shop
 * that Shopify has already processed (READY from its creation), as the seed's catalogue and its
 * colour products both need.
 */
import { cdnFolder } from '../cdn/urls.ts';
import type { AssetStore } from '../store/assets.ts';
import type { EmulatorStore } from '../store/emulator-store.ts';
import type { FileRecord, ShopRecord } from '../store/types.ts';

export interface SeededImage {
  filename: string;
  alt: string;
  mimeType: string;
  width: number;
  height: number;
  createdAt: number;
  render: () => Promise<Buffer>;
}

export function seedImage(
  store: EmulatorStore,
  assets: AssetStore,
  shop: ShopRecord,
  image: SeededImage,
): FileRecord {
  const { filename, alt, mimeType, width, height, createdAt } = image;
  const path = `${cdnFolder(shop.domain)}/${filename}`;
  assets.putLazy(path, mimeType, image.render);
  const file: FileRecord = {
    id: store.nextId(),
    kind: 'IMAGE',
    alt,
    filename,
    originalSource: path,
    createdAt,
    updatedAt: createdAt,
    processing: {
      startedAt: createdAt,
      settleAt: createdAt,
      result: { ok: true, asset: { path, mimeType, width, height } },
    },
  };
  shop.files.set(file.id, file);
  return file;
}
