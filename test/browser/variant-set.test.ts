/**
 * One photo for each colour from the product page's action and the Generate page: the
 * choice is offered for a
 * product sold in colours, lists each colour beside the image it would be made from, prices the
 * set per colour, and makes one photo per colour, each shown on its colour's variant; in review,
 * Activity shows the set together and approves all of it at once. Real app,
 * real pipeline, both emulators, in Chromium inside the admin frame.
 */
import { expect, test } from 'vitest';
import { eventually } from './support/eventually.ts';
import { markChanged, productTitles } from './support/fidelity-reports.ts';
import {
  RESULT_TIMEOUT_MS,
  demoProducts,
  openAdminAction,
  pickInResourcePicker,
  setReviewMode,
} from './support/merchant.ts';
import { browserSuite } from './support/suite.ts';

const suite = browserSuite('variant-set', { connectedMerchant: true, colourProducts: true });

interface Variant {
  title: string;
  mediaId: string | null;
}

/** Generate → Colourway Mug → Studio white: the "One photo for each color" checkbox, shown. */
async function mugColourChoice() {
  const { admin } = suite;
  await admin.open('/generate');
  await admin.app.getByRole('button', { name: 'Select product' }).click();
  await pickInResourcePicker(admin, 'Select product', 'Colourway Mug');
  await admin.app.getByLabel('Preset').selectOption({ label: 'Studio white' });
  const choice = admin.app.getByLabel('One photo for each color');
  await eventually(() => choice.isVisible()).toBe(true);
  return choice;
}

async function mugVariants(): Promise<Variant[]> {
  const { stack } = suite;
  const response = await fetch(`${stack.shopify.url}/__emulator/shops/${stack.shop}/products`);
  const { products } = (await response.json()) as {
    products: { title: string; variants: Variant[] }[];
  };
  return products.find((product) => product.title === 'Colourway Mug')!.variants;
}

test("the product page's action offers one photo for each colour, priced per colour, at 1280 and 375 px", async () => {
  const { admin, stack } = suite;
  const mug = (await demoProducts(stack)).find((p) => p.title === 'Colourway Mug')!;
  await admin.open(`/products/${mug.numericId}`);
  const action = await openAdminAction(admin, 'Generate AI photo');
  const choice = action.getByLabel('One photo for each color');
  await eventually(() => choice.isVisible()).toBe(true);
  for (const colour of ['Terracotta', 'Ocean', 'Sage']) {
    await expect(action.getByRole('img', { name: colour, exact: true }).isVisible()).resolves.toBe(
      true,
    );
  }
  await choice.check();
  await eventually(() =>
    action.getByText(/^3 × \d+ credits?: one photo for each color, 3 requests/).isVisible(),
  ).toBe(true);
  await expect(action.getByText('Images to send').count()).resolves.toBe(0);
  await admin.screenshot('variant-set-product-action');

  await admin.page.setViewportSize({ width: 375, height: 812 });
  const overflow = await action
    .locator('html')
    .evaluate((html) => html.scrollWidth - html.clientWidth);
  expect(overflow, 'no sideways scrolling in the action').toBe(0);
  await admin.screenshot('variant-set-product-action-375');
  await admin.page.setViewportSize({ width: 1280, height: 900 });
});

test(
  'the Generate page makes one photo for each colour, each shown on its variant',
  async () => {
    const { admin } = suite;
    expect((await demoProducts(suite.stack)).some((p) => p.title === 'Colourway Mug')).toBe(true);
    const before = await mugVariants();
    const choice = await mugColourChoice();
    for (const colour of ['Terracotta', 'Ocean', 'Sage']) {
      await expect(
        admin.app.getByRole('img', { name: colour, exact: true }).isVisible(),
      ).resolves.toBe(true);
    }
    await choice.check();
    await eventually(() =>
      admin.app.getByText(/^3 × \d+ credits?: one photo for each color/).isVisible(),
    ).toBe(true);
    await expect(admin.app.getByText('Images to send').count()).resolves.toBe(0);
    // The options picker works per colour: Results stays offered, one by default.
    await expect(admin.app.getByLabel('Results').inputValue()).resolves.toBe('1');
    await admin.screenshot('variant-set-generate');

    await admin.app.getByRole('button', { name: /^Generate photo for \d+ credits$/ }).click();
    await eventually(
      async () =>
        (await mugVariants()).every((variant, index) => variant.mediaId !== before[index]!.mediaId),
      { timeout: RESULT_TIMEOUT_MS, interval: 500 },
    ).toBe(true);
  },
  3 * RESULT_TIMEOUT_MS,
);

test(
  'Activity shows a variant set together, each colour beside its original, and approves all of it at once',
  async () => {
    const { admin } = suite;
    await setReviewMode(admin, true);
    const before = await mugVariants();
    const choice = await mugColourChoice();
    await choice.check();
    await admin.app.getByRole('button', { name: /^Generate photo for \d+ credits$/ }).click();
    // The set is made once the app says so (leaving the page earlier would abort the request).
    await eventually(() =>
      admin.page.getByRole('status').filter({ hasText: '3 results started' }).count(),
    ).toBe(1);

    await admin.open('/activity');
    const set = admin.app.getByRole('region', { name: 'Colourway Mug: one photo for each color' });
    // Grouped under the product: each colour's name, its original and its result to decide.
    for (const colour of ['Terracotta', 'Ocean', 'Sage']) {
      await eventually(
        () => set.getByRole('button', { name: `Approve ${colour}`, exact: true }).isVisible(),
        { timeout: RESULT_TIMEOUT_MS, interval: 500 },
      ).toBe(true);
      await expect(
        set.getByRole('heading', { name: colour, exact: true }).isVisible(),
      ).resolves.toBe(true);
      await expect(
        set.getByRole('img', { name: `${colour}: the variant’s original image` }).isVisible(),
      ).resolves.toBe(true);
      await expect(set.getByRole('img', { name: `${colour}: result 1` }).isVisible()).resolves.toBe(
        true,
      );
    }
    await expect(set.getByText('3 colors wait for your review.').isVisible()).resolves.toBe(true);
    await admin.screenshot('variant-set-review-1280');
    await admin.page.setViewportSize({ width: 375, height: 812 });
    const frame = await (await admin.page.$('#app-frame'))!.contentFrame();
    await eventually(() =>
      frame!.evaluate(() => document.documentElement.scrollWidth),
    ).toBeLessThanOrEqual(375);
    // The admin's sidebar slides away on a narrow screen: wait until it is off screen.
    const sidebar = admin.page.locator('.sidebar');
    await eventually(async () => {
      const box = await sidebar.boundingBox();
      return box ? box.x + box.width : 0;
    }).toBeLessThanOrEqual(0);
    await admin.screenshot('variant-set-review-375');
    await admin.page.setViewportSize({ width: 1280, height: 900 });

    await set.getByRole('button', { name: 'Approve all' }).click();
    await eventually(
      async () =>
        (await mugVariants()).every((variant, index) => variant.mediaId !== before[index]!.mediaId),
      { timeout: RESULT_TIMEOUT_MS, interval: 500 },
    ).toBe(true);
    await eventually(() => set.count()).toBe(0);
    await setReviewMode(admin, false);
  },
  3 * RESULT_TIMEOUT_MS,
);

test(
  "a variant set's card shows a changed colour's verdict and why; Approve all names it and asks first",
  async () => {
    const { admin, stack } = suite;
    await setReviewMode(admin, true);
    const choice = await mugColourChoice();
    await choice.check();
    await admin.app.getByRole('button', { name: /^Generate photo for \d+ credits$/ }).click();
    await eventually(() =>
      admin.page.getByRole('status').filter({ hasText: '3 results started' }).count(),
    ).toBe(1);
    await admin.open('/activity');
    const set = admin.app.getByRole('region', { name: 'Colourway Mug: one photo for each color' });
    await eventually(
      () => set.getByRole('button', { name: /^Approve (Terracotta|Ocean|Sage)$/ }).count(),
      {
        timeout: RESULT_TIMEOUT_MS,
        interval: 500,
      },
    ).toBe(3);
    const changed = await markChanged(stack, 1);
    const [title] = await productTitles(stack, changed);

    // The card reads the set again: the changed colour's badge and reason beside its result.
    await eventually(() => set.getByText('Changed', { exact: true }).isVisible(), {
      timeout: RESULT_TIMEOUT_MS,
    }).toBe(true);
    expect(await set.getByText('the white part has another colour').isVisible()).toBe(true);

    await set.getByRole('button', { name: 'Approve all' }).click();
    const confirm = admin.app.getByRole('dialog', {
      name: 'Approve the whole set for Colourway Mug?',
    });
    await eventually(() => confirm.isVisible()).toBe(true);
    expect(
      await confirm.getByText(`${title} (Changed): the white part has another colour`).isVisible(),
    ).toBe(true);
    await confirm.getByRole('button', { name: 'Approve all' }).click();
    await eventually(() => set.count(), { timeout: RESULT_TIMEOUT_MS }).toBe(0);
    await setReviewMode(admin, false);
  },
  3 * RESULT_TIMEOUT_MS,
);

test('a bulk run over the Colourways collection estimates one photo per colour', async () => {
  const { admin } = suite;
  await admin.open('/bulk-runs');
  await admin.app.getByRole('button', { name: 'Select collection' }).click();
  await pickInResourcePicker(admin, 'Select collection', 'Colourways');
  await admin.app.getByLabel('Preset').selectOption({ label: 'Studio white' });
  await admin.app.getByLabel('One photo for each color').check();
  // The tests above made the mug with these options: made again, so every product counts.
  await admin.app.getByLabel('Make products already done again').check();
  // The mug's 3 colours, the daypack's 3 with an image (Plum skipped), the t-shirt's 2.
  await eventually(() =>
    admin.app.getByText(/^8 colors × \d+ credits? \(3 products in colors\)$/).isVisible(),
  ).toBe(true);
  await expect(
    admin.app.getByText('3 products to make', { exact: true }).isVisible(),
  ).resolves.toBe(true);
  await expect(admin.app.getByLabel('Results per product').count()).resolves.toBe(0);
  await admin.screenshot('variant-set-bulk-estimate');
});
