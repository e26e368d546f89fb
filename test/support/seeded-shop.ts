/** Bulk-run test helpers: the seeded collections of a test shop, and waiting on a run. */
import type { BulkRunView } from '../../src/app-api/contract.ts';
import type { TestApp } from './app.ts';
import type { TestShop } from './publish-stack.ts';

interface SeededProduct {
  id: string;
  mediaCount: number;
  collections: { id: string; title: string }[];
}

export async function seededProducts(app: TestApp, shop: string): Promise<SeededProduct[]> {
  const response = await fetch(`${app.emulator.url}/__emulator/shops/${shop}/products`);
  return ((await response.json()) as { products: SeededProduct[] }).products;
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
  deadlineMs = 30_000,
): Promise<BulkRunView> {
  const deadline = Date.now() + deadlineMs;
  for (;;) {
    const { body } = await shop.api<BulkRunView>('GET', `/bulk-runs/${id}`);
    if (done(body)) return body;
    if (Date.now() > deadline) throw new Error(`bulk run not there yet: ${JSON.stringify(body)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
