/**
 * The app's entry points in the admin: its action extensions, opened from the demo admin's
 * pages as Shopify's admin opens them (the "More actions" menus, the product list's bulk
 * actions), each its REAL production bundle in the action modal, calling the real app. A click
 * on a product page ends with the photo on the product; a collection page or a selection of
 * products starts a bulk run the app then shows.
 */
import type { FrameLocator } from 'playwright-core';
import { expect, test } from 'vitest';
import type { AdminPage } from './support/browser.ts';
import {
  RESULT_TIMEOUT_MS,
  demoProducts,
  openAdminAction,
  productMedia,
  productsWithImages,
} from './support/merchant.ts';
import { browserSuite } from './support/suite.ts';
import { eventually } from './support/eventually.ts';

const suite = browserSuite('admin-actions', { connectedMerchant: true });

/** The form's choices are the shop's defaults; a bulk run then asks for a confirmation. */
async function startBulkRun(admin: AdminPage, action: FrameLocator): Promise<void> {
  await eventually(() => action.getByText('Estimated total').isVisible()).toBe(true);
  await action.getByRole('button', { name: 'Review' }).click();
  await action.getByRole('button', { name: 'Start bulk run' }).click();
  await eventually(() => action.getByText(/^Bulk run started: /).isVisible()).toBe(true);
  await action.getByRole('link', { name: 'Follow its progress in the app' }).click();
  await eventually(() => admin.app.getByRole('heading', { name: 'Bulk runs' }).isVisible()).toBe(
    true,
  );
}

/** The collection the collection page's test runs over: the first product's first. */
async function bulkRunCollection(): Promise<{ id: string; title: string }> {
  return (await demoProducts(suite.stack)).flatMap((product) => product.collections)[0]!;
}

test(
  "the product page's action makes a photo that is published on the product",
  async () => {
    const { admin, stack } = suite;
    const [product] = await productsWithImages(stack);
    const ready = async () =>
      (await productMedia(stack, product!.numericId)).filter((media) => media.status === 'READY')
        .length;
    const before = await ready();
    await admin.open(`/products/${product!.numericId}`);

    const action = await openAdminAction(admin, 'Generate AI photo');
    await eventually(() => action.getByText('Cost').isVisible()).toBe(true);
    await admin.screenshot('admin-action-product');
    await action.getByRole('button', { name: 'Generate photo' }).click();
    await eventually(() => action.getByText('Generation started').isVisible()).toBe(true);
    // The steps' numbers sit inside the modal's padding, in from the banner's edge by a marker's
    // width (an inline list hangs its markers in the padding).
    const left = (element: Element) => element.getBoundingClientRect().left;
    const [step, banner] = [
      await action.locator('s-list-item').first().evaluate(left),
      await action.locator('s-banner').evaluate(left),
    ];
    expect(step - banner).toBeGreaterThanOrEqual(20);
    await action.getByRole('button', { name: 'Done' }).click();
    await eventually(() => admin.page.getByRole('dialog').count()).toBe(0);

    await eventually(ready, { timeout: RESULT_TIMEOUT_MS, interval: 500 }).toBe(before + 1);
    // The product page shows it: its media frame reloads when the media change.
    await eventually(
      () =>
        admin.page
          .frameLocator('#product-media')
          .getByText(new RegExp(`^${before + 1} media`))
          .isVisible(),
      { timeout: RESULT_TIMEOUT_MS, interval: 500 },
    ).toBe(true);
  },
  3 * RESULT_TIMEOUT_MS,
);

test("the product page's action keeps the number of results chosen and counts their requests", async () => {
  const { admin, stack } = suite;
  const [product] = await productsWithImages(stack);
  await admin.open(`/products/${product!.numericId}`);
  const action = await openAdminAction(admin, 'Generate AI photo');
  const results = action.getByLabel('Results');
  await eventually(() => results.isVisible()).toBe(true);
  await results.selectOption('3');
  // The form redraws for the choice (its help text changes, a requests row appears): the admin's
  // select must still show it, not the value it had before.
  await eventually(() => action.getByText('ProductAI requests').isVisible()).toBe(true);
  expect(await results.inputValue()).toBe('3');
  expect(await results.locator('option:checked').textContent()).toBe('3 results to choose from');
});

test("the collection page's action starts a bulk run over the collection", async () => {
  const { admin } = suite;
  const collection = await bulkRunCollection();
  await admin.open(`/collections/${collection.id.split('/').pop()}`);

  const action = await openAdminAction(admin, 'Generate AI photos for this collection');
  await startBulkRun(admin, action);
  await eventually(() =>
    admin.app.getByRole('heading', { name: new RegExp(collection.title) }).isVisible(),
  ).toBe(true);
});

test("the product list's bulk action starts a bulk run over the ticked products", async () => {
  const { admin, stack } = suite;
  // Products no test before made a photo for: a bulk run skips products already made with the
  // same options, and would then have none to make.
  const [madeOnItsPage] = await productsWithImages(stack);
  const collection = await bulkRunCollection();
  const [first, second] = (await productsWithImages(stack)).filter(
    (product) =>
      product.id !== madeOnItsPage!.id &&
      product.collections.every((member) => member.id !== collection.id),
  );
  await admin.open('/products');
  await admin.page.getByLabel(`Select ${first!.title}`).check();
  await admin.page.getByLabel(`Select ${second!.title}`).check();
  await expect.poll(() => admin.page.getByText('2 selected').isVisible()).toBe(true);

  const action = await openAdminAction(admin, 'Generate AI photos');
  await eventually(() => action.getByText('2', { exact: true }).first().isVisible()).toBe(true);
  await startBulkRun(admin, action);
  await eventually(() =>
    admin.app.getByRole('heading', { name: /2 selected products/ }).isVisible(),
  ).toBe(true);
});

test("at 375 px the product page's action fits the screen, its buttons in reach", async () => {
  const { admin, stack } = suite;
  await admin.page.setViewportSize({ width: 375, height: 812 });
  const [product] = await productsWithImages(stack);
  await admin.open(`/products/${product!.numericId}`);

  const action = await openAdminAction(admin, 'Generate AI photo');
  const generate = action.getByRole('button', { name: 'Generate photo' });
  await eventually(() => generate.isVisible()).toBe(true);
  const modal = await admin.page.getByRole('dialog').boundingBox();
  expect(modal!.x).toBeGreaterThanOrEqual(0);
  expect(modal!.x + modal!.width).toBeLessThanOrEqual(375);
  const overflow = await action
    .locator('html')
    .evaluate((html) => html.scrollWidth - html.clientWidth);
  expect(overflow, 'no sideways scrolling in the action').toBe(0);
  await admin.screenshot('admin-action-product-375');
});
