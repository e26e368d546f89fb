/**
 * The product page's block (extensions/product-progress) in the demo admin, as the admin shows
 * it below the product's main cards: its REAL bundle calling the real app. After the product
 * action's modal is closed, the page itself follows the photo until it is on the product, and
 * a product's block shows that product's work only.
 */
import type { FrameLocator } from 'playwright-core';
import { expect, test } from 'vitest';
import { axeIn } from './support/axe.ts';
import { openAdminPage, type AdminPage } from './support/browser.ts';
import {
  RESULT_TIMEOUT_MS,
  generatePhoto,
  productsWithImages,
  waitForProgressState,
} from './support/merchant.ts';
import { browserSuite } from './support/suite.ts';
import { eventually } from './support/eventually.ts';
import { screenshotBothWidths } from './support/confirm.ts';

const suite = browserSuite('product-progress', { connectedMerchant: true });

/**
 * ProductAI's result is delivered this late (the emulator's webhookDelayMs fault): the photo
 * stays "being made" for longer than the block's idle read interval (5 s) and two screenshots,
 * so the progress is on screen to be seen, whatever the machine's load.
 */
const RESULT_DELAY_MS = 15_000;

async function setResultDelay(delayMs: number | null): Promise<void> {
  const faults = `${suite.stack.productAi.url}/__emulator/faults`;
  const response = await (delayMs === null
    ? fetch(faults, { method: 'DELETE' })
    : fetch(faults, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ webhookDelayMs: delayMs }),
      }));
  expect(response.ok).toBe(true);
}

/**
 * axe (every rule, every impact) on the block's frame, and colour contrast axe could not
 * measure there. The block is a part of the admin's page, which holds the page's main landmark
 * and its h1: those two page-level rules are the admin's, not a block's.
 */
async function blockAxeFindings(admin: AdminPage): Promise<string[]> {
  const results = await axeIn(admin, 'iframe[data-app-block]', [
    'landmark-one-main',
    'page-has-heading-one',
  ]);
  const unmeasured = results.incomplete.filter(({ id }) => id === 'color-contrast');
  return [...results.violations, ...unmeasured].map(
    ({ id, nodes }) => `${id}: ${nodes.map(({ target }) => target.join(' ')).join(', ')}`,
  );
}

/** The product page's block, once it rendered its heading. */
async function productBlock(admin: AdminPage, heading = 'AI photos'): Promise<FrameLocator> {
  const block = admin.page.frameLocator('iframe[data-app-block]');
  await eventually(() => block.getByRole('heading', { name: heading }).isVisible()).toBe(true);
  return block;
}

test(
  'after the action closes, the product page shows the photo being made, then the photo',
  async () => {
    const { admin, stack } = suite;
    const [product] = await productsWithImages(stack);
    await setResultDelay(RESULT_DELAY_MS);
    try {
      await admin.open(`/products/${product!.numericId}`);
      const block = await productBlock(admin);
      await block.getByText(/^No AI photo of this product yet\./).waitFor();

      await admin.page.getByRole('button', { name: 'More actions' }).click();
      await admin.page.getByRole('menuitem', { name: 'Generate AI photo' }).click();
      const action = admin.page.frameLocator('dialog.action-modal iframe');
      await action.getByRole('button', { name: 'Generate photo' }).click();
      await eventually(() => action.getByText('Generation started').isVisible()).toBe(true);
      await action.getByRole('button', { name: 'Done' }).click();
      await eventually(() => admin.page.getByRole('dialog').count()).toBe(0);

      const making = block.getByText('Photo · step 3 of 5: ProductAI is making it');
      await eventually(() => making.isVisible()).toBe(true);
      expect(
        await block
          .getByRole('status')
          .getByText(/^ProductAI is making it\./)
          .count(),
      ).toBe(1);
      expect(await blockAxeFindings(admin)).toEqual([]);
      await screenshotBothWidths(admin, 'product-progress-block');
      // Still being made: the screenshots show the progress.
      expect(await making.isVisible()).toBe(true);

      await eventually(() => block.getByText('Latest on the product').isVisible(), {
        timeout: RESULT_TIMEOUT_MS,
        interval: 500,
      }).toBe(true);
      expect(await block.getByText(/step \d of 5/).count()).toBe(0);
      expect(await block.getByText(/^Photo, added /).count()).toBe(1);
      expect(await blockAxeFindings(admin)).toEqual([]);
      expect(
        await block.getByRole('img', { name: 'Photo made by ProductAI, on the product' }).count(),
      ).toBe(1);
      await admin.screenshot('product-progress-block-done');
    } finally {
      await setResultDelay(null);
    }
  },
  3 * RESULT_TIMEOUT_MS,
);

test(
  "a product's block shows its own work, never another product's, and links to it in Activity",
  async () => {
    const { admin, stack } = suite;
    const [, made, untouched] = await productsWithImages(stack);
    await generatePhoto(admin, made!, 'Studio white');
    await waitForProgressState(admin, 'Published');

    await admin.open(`/products/${untouched!.numericId}`);
    const untouchedBlock = await productBlock(admin);
    await untouchedBlock.getByText(/^No AI photo of this product yet\./).waitFor();
    expect(await untouchedBlock.getByText('Latest on the product').count()).toBe(0);

    await admin.open(`/products/${made!.numericId}`);
    const madeBlock = await productBlock(admin);
    await eventually(() => madeBlock.getByText('Latest on the product').isVisible()).toBe(true);

    // Its link opens Activity in the app, filtered to the product.
    await madeBlock.getByRole('link', { name: "See this product's AI photos in Activity" }).click();
    await eventually(() => admin.app.getByRole('heading', { name: 'Activity' }).isVisible()).toBe(
      true,
    );
    await eventually(() =>
      admin.app.getByText(made!.title, { exact: true }).first().isVisible(),
    ).toBe(true);
    expect(new URL(admin.page.url()).searchParams.get('path')).toContain(
      `productId=${encodeURIComponent(made!.id)}`,
    );
  },
  3 * RESULT_TIMEOUT_MS,
);

test("in French, the block reads from its French locale file, in the admin user's language", async () => {
  const { browser, stack } = suite;
  const products = await productsWithImages(stack);
  const admin = await openAdminPage(browser, stack.frameUrl, { width: 1280, height: 900 }, 'fr');
  try {
    await admin.open(`/products/${products.at(-1)!.numericId}`);
    const block = await productBlock(admin, 'Photos IA');
    await block.getByText(/^Aucune photo IA de ce produit pour l’instant\./).waitFor();
    expect(await block.locator('html').getAttribute('lang')).toBe('fr');
    await admin.screenshot('product-progress-block-fr');
  } finally {
    await admin.close();
  }
});
