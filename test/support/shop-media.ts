/** Reading a test shop on the Shopify emulator: its products and a product's media. */
import type {
  ShopifyFiles,
  FileState,
  FileStatus,
} from '../../src/pipeline/publish/shopify-files.ts';
import type { TestApp } from './app.ts';
import { seededProducts } from './seeded-shop.ts';
import { notYet, until } from './until.ts';

export interface EmulatorMedia {
  id: string;
  status: string;
  alt: string;
  url: string | null;
  position: number;
}

async function control<T>(app: TestApp, path: string): Promise<T> {
  return (await app.shopifyControl('GET', path)) as T;
}

/** The shop's product gids, in the emulator's order. */
export async function emulatorProducts(app: TestApp, shop: string): Promise<string[]> {
  return (await seededProducts(app, shop)).map((product) => product.id);
}

/** A product's media as the emulator holds them, in position order. */
export async function productMedia(
  app: TestApp,
  shop: string,
  productGid: string,
): Promise<EmulatorMedia[]> {
  const id = productGid.split('/').pop();
  const { media } = await control<{ media: EmulatorMedia[] }>(
    app,
    `/shops/${shop}/products/${id}/media`,
  );
  return media;
}

/** Polls a file until it is in `status` (Shopify processes files asynchronously). */
export async function waitForFile(
  files: ShopifyFiles,
  id: string,
  status: FileStatus,
  deadlineMs = 10_000,
): Promise<FileState> {
  return until(
    `file ${id} to be ${status}`,
    async () => {
      const state = await files.status(id);
      return state?.status === status ? state : notYet(state);
    },
    { deadlineMs, intervalMs: 50 },
  );
}
