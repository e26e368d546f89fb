/**
 * The bulk estimate at 1280 and 375 px: what the run will make and skip, when it will be done,
 * a budget below one product's cost refused at the field, with Start disabled and the reason
 * beside it, on screen together, and a budget's effect on what is made and what it costs.
 */
import { expect, test } from 'vitest';
import { demoProducts, pickInResourcePicker } from './support/merchant.ts';
import { confirm, confirmation } from './support/confirm.ts';
import { browserSuite } from './support/suite.ts';
import { eventually } from './support/eventually.ts';

const suite = browserSuite('bulk-estimate', {
  connectedMerchant: true,
  adminEachTest: false,
  // The estimate's words: ProductAI takes 15 a minute.
  rateLimitWindowMs: 60_000,
});

/** The demo store's largest collection, and how many of its products have no image. */
async function largestCollection() {
  const members = new Map<string, { size: number; imageless: number }>();
  for (const product of await demoProducts(suite.stack)) {
    for (const { title } of product.collections) {
      const entry = members.get(title) ?? { size: 0, imageless: 0 };
      entry.size += 1;
      if (product.mediaCount === 0) entry.imageless += 1;
      members.set(title, entry);
    }
  }
  const [title, counts] = [...members].sort((a, b) => b[1].size - a[1].size)[0]!;
  return { title, ...counts };
}

for (const viewport of [
  { width: 1280, height: 900 },
  { width: 375, height: 740 },
]) {
  test(`at ${viewport.width} px the estimate counts what is skipped, and Start says why it is disabled`, async () => {
    const admin = await suite.openAdmin(viewport);
    const collection = await largestCollection();
    await admin.open('/bulk-runs');
    await admin.app.getByRole('button', { name: 'Select collection' }).click();
    await pickInResourcePicker(admin, 'Select collection', collection.title);
    await admin.app.getByLabel('Preset').selectOption({ label: 'Studio white' });

    const toMake = collection.size - collection.imageless;
    await eventually(
      () => admin.app.getByText(`${toMake} products to make × 5 credits`).isVisible(),
      { timeout: 10_000 },
    ).toBe(true);
    expect(
      await admin.app
        .getByText(`${collection.imageless} products without an image`, { exact: false })
        .isVisible(),
    ).toBe(true);
    expect(
      await admin.app.getByText(/^Done in about \d+ minutes?\. ProductAI takes 15/).count(),
    ).toBe(1);
    await admin.screenshot(`bulk-estimate-${viewport.width}`);

    await admin.app.getByLabel('Credit budget (optional)').fill('3');
    await eventually(() =>
      admin.app.getByText("Enter at least 5 credits: one product's cost.").isVisible(),
    ).toBe(true);
    const start = admin.app.getByRole('button', { name: 'Start bulk run' });
    expect(await start.isDisabled()).toBe(true);
    const reason = admin.app.locator('#start-blocker');
    expect(await reason.textContent()).toBe('Fix the credit budget.');

    // Beside the button (or right under it on a phone), in the same screenful.
    await start.scrollIntoViewIfNeeded();
    const [button, text] = [await start.boundingBox(), await reason.boundingBox()];
    expect(button && text).toBeTruthy();
    expect(text!.y - (button!.y + button!.height)).toBeLessThan(24);
    expect(text!.y + text!.height).toBeLessThanOrEqual(viewport.height);

    // A budget the run keeps to: the estimate makes, skips and costs what the run will (it said
    // 295 credits and the whole collection's time beside a 150-credit budget).
    await admin.app.getByLabel('Credit budget (optional)').fill('10');
    await eventually(() => admin.app.getByText('2 products to make × 5 credits').isVisible(), {
      timeout: 10_000,
    }).toBe(true);
    expect(await admin.app.getByText('10 credits', { exact: true }).isVisible()).toBe(true);
    expect(
      await admin.app
        .getByText(`${toMake - 2} products beyond your budget of 10 credits`, { exact: false })
        .isVisible(),
    ).toBe(true);
    expect(await start.isDisabled()).toBe(false);

    // Its confirmation says the same products, credits and finish time as the estimate made
    // with the budget: one set of numbers (the admin action's once said the whole collection's
    // time beside the budget's products). On a phone Polaris's dialog box measures nothing (its
    // sheet is drawn by its children): its words are awaited instead, and each of its parts
    // must fit the screen's width.
    const doneIn = admin.app.getByText(/^Done in about \d+ minutes?\. ProductAI takes 15/);
    const estimated = (await doneIn.textContent())!;
    await start.click();
    const question = 'Start a bulk run on 2 products?';
    const asking =
      viewport.width === 1280
        ? await confirmation(admin, question)
        : admin.app.getByRole('dialog', { name: question });
    const sent = asking.getByText('2 products are sent to ProductAI, for at most 10 credits.');
    await eventually(() => sent.isVisible()).toBe(true);
    expect(await asking.getByText(estimated, { exact: true }).isVisible()).toBe(true);
    const outside = await asking.evaluate((dialog) =>
      [...dialog.querySelectorAll('*')]
        .filter((part) => {
          const box = part.getBoundingClientRect();
          return box.width > 0 && (box.left < -0.5 || box.right > window.innerWidth + 0.5);
        })
        .map((part) => `${part.tagName.toLowerCase()}: ${part.textContent?.slice(0, 40)}`),
    );
    expect(outside, `the confirmation at ${viewport.width} px`).toEqual([]);
    await admin.screenshot(`bulk-estimate-confirmation-${viewport.width}`);
    await confirm(admin, 'Cancel');
  });
}
