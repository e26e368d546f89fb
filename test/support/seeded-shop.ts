/** A test shop's seeded catalogue (products, variants, collections), and waiting on a run. */
import type { BulkRunView } from '../../src/app-api/contract.ts';
import type { TestApp } from './app.ts';
import type { TestShop } from './publish-stack.ts';
import { notYet, until } from './until.ts';

/** A product as the Shopify emulator's control surface lists it. */
export interface SeededProduct {
  id: string;
  title: string;
  mediaCount: number;
  collections: { id: string; title: string }[];
  /** Each variant, and the image it shows (a MediaImage gid, or none). */
  variants: { id: string; title: string; mediaId: string | null }[];
}

/** The shop's products as the emulator holds them now, in its order. */
export async function seededProducts(app: TestApp, shop: string): Promise<SeededProduct[]> {
  const { products } = (await app.shopifyControl('GET', `/shops/${shop}/products`)) as {
    products: SeededProduct[];
  };
  return products;
}

/** The product with this title as the emulator holds it now (seeded titles are unique). */
export async function productTitled(
  app: TestApp,
  shop: string,
  title: string,
): Promise<SeededProduct> {
  const found = (await seededProducts(app, shop)).find((product) => product.title === title);
  if (!found) throw new Error(`no product titled ${title}`);
  return found;
}

/** The id of the seeded collection with this title. */
export async function collectionId(app: TestApp, shop: string, title: string): Promise<string> {
  for (const product of await seededProducts(app, shop)) {
    const found = product.collections.find((collection) => collection.title === title);
    if (found) return found.id;
  }
  throw new Error(`no collection ${title}`);
}

/** Polls the run's view until `done` says so (or fails at the deadline with the last view). */
export async function waitForRun(
  shop: TestShop,
  id: string,
  done: (run: BulkRunView) => boolean,
  // A bound on failure only: a seven-product run, each result checked, took over 30 s at load 17.
  deadlineMs = 120_000,
): Promise<BulkRunView> {
  return until(
    `bulk run ${id}`,
    async () => {
      const { body } = await shop.api<BulkRunView>('GET', `/bulk-runs/${id}`);
      return done(body) ? body : notYet(body);
    },
    { deadlineMs, intervalMs: 50 },
  );
}
