/**
 * A shop holding its cap of generations not yet final (docs/operations.md, Quotas per shop), the way a
 * merchant gets there: one click for as many results as the cap, each its own generation, all of
 * which wait for review (several results always do), so no place frees itself during a test.
 */
import type {
  GenerationView,
  CandidateGroupView,
  ProductDetail,
} from '../../src/app-api/contract.ts';
import type { PublishHarness, TestShop } from './publish-stack.ts';
import { seededProducts } from './seeded-shop.ts';

/** A seeded product with images, as the API answers it. */
export async function productWithImages(
  harness: PublishHarness,
  shop: TestShop,
): Promise<ProductDetail> {
  const seeded = (await seededProducts(harness.app, shop.shop)).find((p) => p.mediaCount > 0)!;
  const { body } = await shop.api<ProductDetail>(
    'GET',
    `/products/${encodeURIComponent(seeded.id)}`,
  );
  return body;
}

/** A click for `options` results of `target` (202, or the refusal). */
export function clickFor(shop: TestShop, target: ProductDetail, options: number) {
  return shop.api<GenerationView>('POST', '/generations', {
    productId: target.id,
    kind: 'photo',
    model: 'nanobanana',
    prompt: 'On a linen tablecloth',
    sourceMediaIds: [target.images[0]!.id],
    options,
  });
}

/** Takes `cap` places (2 to 4) with one click, and resolves once each result waits in review. */
export async function fillToCap(
  harness: PublishHarness,
  shop: TestShop,
  cap: number,
): Promise<CandidateGroupView> {
  const click = await clickFor(shop, await productWithImages(harness, shop), cap);
  if (click.status !== 202) throw new Error(`the click was answered ${click.status}`);
  const { body: group } = await shop.api<CandidateGroupView>(
    'GET',
    `/option-groups/${click.body.optionGroup}`,
  );
  for (const option of group.generations) await shop.waitFor(option.id, ['in_review']);
  return group;
}

/** Frees every place `fillToCap` took: the merchant rejects the results waiting in review. */
export async function rejectAll(shop: TestShop, group: CandidateGroupView): Promise<void> {
  for (const option of group.generations) {
    const { status } = await shop.api('POST', `/generations/${option.id}/reject`);
    if (status !== 200) throw new Error(`reject was answered ${status}`);
  }
}
