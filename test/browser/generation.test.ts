/**
 * One product photo from the Generate page to the product's media, and what the merchant does
 * with results afterwards: review (approve, reject) and undo. Real app, real pipeline, both
 * emulators, in Chromium inside the admin frame.
 */
import { beforeAll, expect, test } from 'vitest';
import {
  RESULT_TIMEOUT_MS,
  generatePhoto,
  productMedia,
  productsWithImages,
  setReviewMode,
  waitForProgressState,
  type DemoProduct,
} from './support/merchant.ts';
import { confirm, confirmation, screenshotBothWidths } from './support/confirm.ts';
import { browserSuite } from './support/suite.ts';
import { eventually } from './support/eventually.ts';

const TEST_TIMEOUT_MS = 3 * RESULT_TIMEOUT_MS;

const suite = browserSuite('generation', { connectedMerchant: true });
let products: DemoProduct[];

beforeAll(async () => {
  products = await productsWithImages(suite.stack);
});

/** Each test works on its own product, so media counts never mix. */
function product(index: number): DemoProduct {
  const chosen = products[index];
  if (!chosen) throw new Error(`The demo store has fewer than ${index + 1} products with images`);
  return chosen;
}

async function readyMediaCount(item: DemoProduct): Promise<number> {
  return (await productMedia(suite.stack, item.numericId)).filter(
    (media) => media.status === 'READY',
  ).length;
}

test(
  "a photo made on the Generate page ends up on the product's media",
  async () => {
    const { admin, stack } = suite;
    const item = product(0);
    const before = await readyMediaCount(item);
    await setReviewMode(suite.admin, false);
    await generatePhoto(admin, item, 'Studio white');
    // Mid-generation: the progress card in its reserved place, the form where it was.
    await screenshotBothWidths(admin, 'generate-following');
    await waitForProgressState(admin, 'Published');
    await eventually(() => readyMediaCount(item), { timeout: RESULT_TIMEOUT_MS }).toBe(before + 1);
    await admin.screenshot('generate-published');

    await admin.app.getByRole('link', { name: 'View the product in Shopify' }).click();
    await admin.page.waitForURL(`${stack.frameUrl}/products/${item.numericId}`);
    await admin.screenshot('product-media');
  },
  TEST_TIMEOUT_MS,
);

test(
  'in review mode, an approved result goes to the product and a rejected one does not',
  async () => {
    const { admin } = suite;
    const [approved, rejected] = [product(1), product(2)];
    const counts = [await readyMediaCount(approved), await readyMediaCount(rejected)];
    await setReviewMode(suite.admin, true);

    await generatePhoto(admin, approved, 'Marble counter');
    await waitForProgressState(admin, 'Ready for review');
    expect(await readyMediaCount(approved)).toBe(counts[0]);
    await admin.screenshot('generate-ready-for-review');
    await admin.app.getByRole('button', { name: `Approve: ${approved.title}` }).click();
    await waitForProgressState(admin, 'Published');
    await eventually(() => readyMediaCount(approved), { timeout: RESULT_TIMEOUT_MS }).toBe(
      counts[0]! + 1,
    );

    await generatePhoto(admin, rejected, 'Warm wood');
    await waitForProgressState(admin, 'Ready for review');
    await admin.open('/activity?state=in_review');
    await admin.screenshot('activity-review');
    await admin.app.getByRole('button', { name: `Reject: ${rejected.title}` }).click();
    await admin.open('/activity?state=discarded');
    await eventually(() =>
      admin.app.getByText(rejected.title, { exact: true }).count(),
    ).toBeGreaterThan(0);
    expect(await readyMediaCount(rejected)).toBe(counts[1]);
    await setReviewMode(suite.admin, false);
  },
  TEST_TIMEOUT_MS,
);

test(
  'undo takes a published result off the product',
  async () => {
    const { admin } = suite;
    const item = product(3);
    const before = await readyMediaCount(item);
    await setReviewMode(suite.admin, false);
    await generatePhoto(admin, item, 'Dark luxury');
    await waitForProgressState(admin, 'Published');
    await eventually(() => readyMediaCount(item), { timeout: RESULT_TIMEOUT_MS }).toBe(before + 1);

    await admin.open('/activity?state=published');
    await admin.screenshot('activity');
    // Undo asks first: the product that loses the result and the credits not refunded, and what
    // happens to the product: this photo was added after its media (the shop's default), so
    // nothing comes back in its place (it once said "the previous featured image is put back").
    const undo = admin.app.getByRole('button', { name: `Undo: ${item.title}` });
    await undo.click();
    const undoing = await confirmation(admin, `Undo on “${item.title}”?`);
    expect(
      await undoing
        .getByText(
          '1 product loses this result: it comes off the product’s media, where it was added after the images already there. Nothing else on the product changes. The file stays in Content › Files.',
        )
        .isVisible(),
    ).toBe(true);
    expect(await undoing.getByText(/featured/).count()).toBe(0);
    expect(
      await undoing.getByText(/^The \d+ credits it cost are not refunded\.$/).isVisible(),
    ).toBe(true);
    await admin.screenshot('confirm-undo-1280');
    await confirm(admin, 'Cancel');
    expect(await readyMediaCount(item)).toBe(before + 1);
    await undo.click();
    await confirmation(admin, `Undo on “${item.title}”?`);
    await confirm(admin, 'Undo');
    await eventually(() => readyMediaCount(item), { timeout: RESULT_TIMEOUT_MS }).toBe(before);
    await admin.open('/activity');
    await eventually(() =>
      admin.app.getByText('Discarded', { exact: true }).count(),
    ).toBeGreaterThan(0);

    await admin.open('/');
    await eventually(() => admin.app.getByText('Recent results').isVisible()).toBe(true);
    await admin.screenshot('overview-with-activity');
  },
  TEST_TIMEOUT_MS,
);
