/** What a run's target names: how many products and the run's title, or why it names none. */
import type { CreateBulkRunRequest } from '../../../app-api/contract.ts';
import { loadCollectionSummary } from '../product-pages.ts';
import type { BulkProblem } from './bulk-request-error.ts';
import type { BulkRunsDeps } from './types.ts';

export async function targetSummary(
  deps: Pick<BulkRunsDeps, 'admin'>,
  shop: string,
  target: CreateBulkRunRequest['target'],
): Promise<{ productCount: number; title: string; problems: BulkProblem[] }> {
  const problems: BulkProblem[] = [];
  let productCount = 0;
  let title = '';
  if (target.type === 'collection') {
    const collection = await loadCollectionSummary(await deps.admin(shop), target.collectionId);
    if (!collection) {
      problems.push({ field: 'target', code: 'collection_not_found' });
    } else {
      productCount = collection.productsCount;
      title = collection.title;
      if (productCount === 0)
        problems.push({ field: 'target', code: 'no_products', params: { title } });
    }
  } else {
    productCount = new Set(target.productIds).size;
    title = `${productCount} selected product${productCount === 1 ? '' : 's'}`;
  }
  return { productCount, title, problems };
}
