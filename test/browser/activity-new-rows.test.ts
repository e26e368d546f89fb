/**
 * Activity's rows stay under the merchant while polls bring new generations: the new ones wait
 * behind a "Show N new generations" button floating over the table (a Polaris-like pattern)
 * until the merchant clicks it, and the rows shown keep their place meanwhile (before, each new
 * generation went on top and pushed the table down by a row).
 */
import { expect, test } from 'vitest';
import type { ProductDetail } from '../../src/app-api/contract.ts';
import { eventually } from './support/eventually.ts';
import { appApi, productsWithImages } from './support/merchant.ts';
import type { Stack } from './support/stack.ts';
import { browserSuite } from './support/suite.ts';

const suite = browserSuite('activity-new-rows', { connectedMerchant: true });

/** A photo of the product, asked through the app's API (as another tab or a rule would). */
async function generate(stack: Stack, product: ProductDetail, prompt: string): Promise<void> {
  await appApi(stack, 'POST', '/generations', {
    productId: product.id,
    kind: 'photo',
    model: 'nanobanana',
    prompt,
    sourceMediaIds: [product.images[0]!.id],
  });
}

test('new generations wait behind a button; the rows shown keep their place', async () => {
  const { admin, stack } = suite;
  const [first] = await productsWithImages(stack);
  const product = await appApi<ProductDetail>(
    stack,
    'GET',
    `/products/${encodeURIComponent(first!.id)}`,
  );
  await generate(stack, product, 'On a marble counter');
  await generate(stack, product, 'On warm wood');

  await admin.open('/activity');
  const rows = admin.app.getByRole('row').filter({ hasText: product.title });
  await eventually(() => rows.count()).toBe(2);
  const top = await rows.first().boundingBox();

  await generate(stack, product, 'On a linen tablecloth');
  const show = admin.app.getByRole('button', { name: 'Show 1 new generation' });
  // The list asks again every 2 to 5 seconds.
  await eventually(() => show.isVisible(), { timeout: 20_000 }).toBe(true);
  expect(await rows.count()).toBe(2);
  expect(await rows.first().boundingBox()).toEqual(top);
  await admin.screenshot('activity-new-rows-held');

  await show.click();
  await eventually(() => rows.count()).toBe(3);
  expect(await show.count()).toBe(0);
  await admin.screenshot('activity-new-rows-shown');
});
