/**
 * Choosing among options on the Generate page, and reviewing a bulk run's results in Activity:
 * the filters, the large viewer driven by the keyboard, approve-all with its confirmation, and
 * the table at 1280 px and 375 px with every action button on screen; a bulk run with several
 * results per product, chosen among in the viewer. Real app, real pipeline,
 * both emulators, in Chromium inside the admin frame.
 */
import type { FrameLocator, Locator } from 'playwright-core';
import { expect, test } from 'vitest';
import {
  countWithNewShown,
  openBulkRunForReview,
  pickInResourcePicker,
  productMedia,
  productsWithImages,
  RESULT_TIMEOUT_MS,
  setReviewMode,
  smallestCollection,
} from './support/merchant.ts';
import { confirm as answerConfirmation } from './support/confirm.ts';
import { browserSuite } from './support/suite.ts';
import { eventually } from './support/eventually.ts';

/**
 * The fewest products of a bulk run here: the smallest such collection keeps its run within
 * ProductAI's rate limit.
 */
const RUN_PRODUCTS = 3;

const TEST_TIMEOUT_MS = 4 * RESULT_TIMEOUT_MS;

const suite = browserSuite('review', { connectedMerchant: true });

/** How wide the app's document is inside the admin frame (wider than the frame: cut off). */
async function appScrollWidth(): Promise<number> {
  const frame = await (await suite.admin.page.$('#app-frame'))!.contentFrame();
  return frame!.evaluate(() => document.documentElement.scrollWidth);
}

/** The page at 1280 px and at 375 px (`<name>.png`, `<name>-375.png`; the README shows them). */
async function screenshotBothWidths(name: string): Promise<void> {
  const { admin } = suite;
  await admin.screenshot(name);
  await admin.page.setViewportSize({ width: 375, height: 800 });
  await eventually(() => appScrollWidth()).toBeLessThanOrEqual(375); // reflowed, nothing wider
  // The admin's sidebar slides away on a narrow screen: wait until it is off screen.
  const sidebar = admin.page.locator('.sidebar');
  await eventually(async () => {
    const box = await sidebar.boundingBox();
    return box ? box.x + box.width : 0;
  }).toBeLessThanOrEqual(0);
  await admin.screenshot(`${name}-375`);
  await admin.page.setViewportSize({ width: 1280, height: 900 });
}

/**
 * Every action button of the Activity table lies inside the viewport, none cut off, once the
 * page has laid itself out for that width (a resize reflows it a render later).
 */
async function expectActionsOnScreen(app: FrameLocator, viewportWidth: number): Promise<void> {
  const buttons: Locator = app.getByRole('button', {
    name: /^(Approve|Reject|Undo|Retry|Cancel): /,
  });
  expect(await buttons.count()).toBeGreaterThan(0);
  const outside = async () => {
    let cutOff = 0;
    for (const button of await buttons.all()) {
      const box = await button.boundingBox();
      if (!box || box.x < 0 || box.x + box.width > viewportWidth) cutOff += 1;
    }
    return cutOff;
  };
  await eventually(outside).toBe(0);
}

test(
  'asks for three results, shows them side by side, and publishes only the chosen one',
  async () => {
    const { admin, stack } = suite;
    await setReviewMode(suite.admin, false);
    const [item] = await productsWithImages(stack);
    const before = (await productMedia(stack, item!.numericId)).length;

    await admin.open('/generate');
    await admin.app.getByRole('button', { name: 'Select product' }).click();
    await pickInResourcePicker(admin, 'Select product', item!.title);
    await admin.app.getByLabel('Preset').selectOption({ label: 'Studio white' });
    await admin.app.getByLabel('Results').selectOption({ label: '3 results to choose from' });
    await eventually(() =>
      admin.app.getByText(/^3 × \d+ credits\. 3 requests to ProductAI/).isVisible(),
    ).toBe(true);
    await admin.app.getByRole('button', { name: /^Generate photo for \d+ credits$/ }).click();

    // One result goes on the product: a single choice, radio buttons in one named group (they
    // were checkboxes, which offered to publish several).
    const group = admin.app.getByRole('radiogroup', { name: 'The result to publish' });
    const choices = group.getByRole('radio', { name: /^Choose option \d$/ });
    await eventually(() => choices.count(), { timeout: RESULT_TIMEOUT_MS, interval: 500 }).toBe(3);
    await screenshotBothWidths('options-picker');
    // Chosen as a merchant does, by its label (Polaris draws the round box over the input).
    await group.getByText('Choose option 1', { exact: true }).click();
    await eventually(() => choices.nth(0).isChecked()).toBe(true);
    await group.getByText('Choose option 2', { exact: true }).click();
    await eventually(() => choices.nth(1).isChecked()).toBe(true);
    expect(await choices.nth(0).isChecked()).toBe(false);
    expect(await group.getByRole('checkbox').count()).toBe(0);
    await admin.app
      .getByRole('button', { name: 'Publish the chosen one, discard the others' })
      .click();
    await eventually(
      () =>
        admin.app
          .getByText('Your choice is on the product. The other results were discarded.')
          .isVisible(),
      { timeout: RESULT_TIMEOUT_MS, interval: 500 },
    ).toBe(true);
    expect((await productMedia(stack, item!.numericId)).length).toBe(before + 1);
  },
  TEST_TIMEOUT_MS,
);

test(
  'reviews a bulk run in Activity: filter, keyboard approve in the viewer, approve all, layouts',
  async () => {
    const { admin } = suite;
    await openBulkRunForReview(admin, suite.stack, RUN_PRODUCTS);
    await answerConfirmation(admin, 'Start bulk run');
    await admin.app.getByRole('link', { name: 'See its generations' }).first().click();

    // Filter: this run, ready for review.
    await admin.app.getByLabel('State').selectOption({ label: 'Ready for review' });
    const rows = admin.app.getByRole('button', { name: /^View .* larger/ });
    // Wait until every product of the run is ready for review (nothing still being made).
    const runSummary = admin.app.getByText(/waiting for review, \d+ published/);
    await eventually(() => runSummary.textContent(), {
      timeout: RESULT_TIMEOUT_MS,
      interval: 500,
    }).toMatch(/^[1-9]\d* results? waiting for review, 0 published\.$/);
    const inReview = Number(/^\d+/.exec((await runSummary.textContent())!)![0]);
    await eventually(() => countWithNewShown(admin.app, rows), {
      timeout: RESULT_TIMEOUT_MS,
    }).toBe(inReview);
    expect(await admin.app.getByRole('button', { name: /^Approve: / }).count()).toBe(inReview);

    // Search a product by title: only its generations remain.
    const firstTitle = (await rows.first().getAttribute('aria-label'))!.replace(
      /^View (.*) larger.*$/,
      '$1',
    );
    await admin.app.getByLabel('Product', { exact: true }).fill(firstTitle.slice(0, 6));
    await admin.app.getByRole('option', { name: firstTitle }).click();
    await eventually(() => rows.count()).toBe(1);
    await admin.app.getByRole('button', { name: 'Show every product' }).click();
    await eventually(() => rows.count()).toBe(inReview);

    // The viewer: the original beside the result with pixel sizes; A approves.
    await rows.first().click();
    const viewer = admin.app.getByRole('dialog');
    // Opening: its frames at their final size from the first paint, the pictures loading into them.
    await eventually(() => viewer.isVisible()).toBe(true);
    await screenshotBothWidths('review-viewer-opening');
    await eventually(() => viewer.getByText(/^\d+ × \d+ px$/).count()).toBe(2);
    await screenshotBothWidths('review-viewer');
    await admin.page.keyboard.press('a');
    // The viewer's position and counts change with the decision, and so does the run's summary
    // behind it: at once, not on its next 5 s poll (which leaves it stale for 5-10 s).
    await eventually(() =>
      viewer.getByText(`(2 of ${inReview} · ${inReview - 1} to review)`).isVisible(),
    ).toBe(true);
    await admin.page.keyboard.press('Escape');
    await eventually(() => runSummary.textContent(), { timeout: 2_000, interval: 100 }).toMatch(
      new RegExp(`^${inReview - 1} results? waiting for review`),
    );
    await eventually(() => rows.count(), { timeout: RESULT_TIMEOUT_MS }).toBe(inReview - 1);

    // Approve all: a confirmation that says how many and what happens, then progress.
    await admin.app.getByRole('button', { name: `Approve all ${inReview - 1}` }).click();
    const confirm = admin.app.getByRole('dialog', {
      name: `Approve ${inReview - 1} results on ${inReview - 1} products?`,
    });
    expect(await confirm.getByText(/added to its product’s media/).isVisible()).toBe(true);
    await confirm.getByRole('button', { name: `Approve ${inReview - 1} results` }).click();
    await eventually(
      () => admin.app.getByText(`Approved: ${inReview - 1} of ${inReview - 1} results`).isVisible(),
      {
        timeout: RESULT_TIMEOUT_MS,
      },
    ).toBe(true);

    // Layouts: the published results' buttons are on screen at 1280 px and at 375 px.
    await admin.app.getByLabel('State').selectOption({ label: 'All states' });
    await eventually(() => admin.app.getByRole('button', { name: /^Undo: / }).count(), {
      timeout: RESULT_TIMEOUT_MS,
      interval: 500,
    }).toBe(inReview);
    await expectActionsOnScreen(admin.app, 1280);
    await admin.screenshot('activity-run-1280');
    await admin.page.setViewportSize({ width: 375, height: 800 });
    await eventually(() =>
      admin.app
        .getByRole('button', { name: /^Undo: / })
        .first()
        .isVisible(),
    ).toBe(true);
    await expectActionsOnScreen(admin.app, 375);
    await admin.screenshot('activity-run-375');
    await setReviewMode(suite.admin, false);
  },
  TEST_TIMEOUT_MS,
);

test(
  'a bulk run with two results per product: the viewer shows a product’s options side by side, choosing one discards the other',
  async () => {
    const { admin } = suite;
    await setReviewMode(suite.admin, false); // options wait for a choice whatever the setting
    await admin.open('/bulk-runs');
    await admin.app.getByRole('button', { name: 'Select collection' }).click();
    await pickInResourcePicker(
      admin,
      'Select collection',
      await smallestCollection(suite.stack, RUN_PRODUCTS),
    );
    await admin.app.getByLabel('Preset').selectOption({ label: 'Studio white' });
    await admin.app
      .getByLabel('Results per product')
      .selectOption({ label: '2 results to choose from' });
    // The previous test made these products with the same options: make them again.
    await admin.app.getByLabel('Make products already done again').check();
    // Runs are listed newest first: once the list has one more, the first is this one.
    const runLinks = admin.app.getByRole('link', { name: 'See its generations' });
    const runsBefore = await runLinks.count();
    await admin.app.getByRole('button', { name: 'Start bulk run' }).click();
    await answerConfirmation(admin, 'Start bulk run');
    await eventually(() => runLinks.count()).toBe(runsBefore + 1);
    await runLinks.first().click();

    await admin.app.getByLabel('State').selectOption({ label: 'Ready for review' });
    const runSummary = admin.app.getByText(/waiting for review, \d+ published/);
    await eventually(() => runSummary.textContent(), {
      timeout: RESULT_TIMEOUT_MS,
      interval: 500,
    }).toMatch(/^[1-9]\d* results waiting for review, 0 published\.$/);
    const inReview = Number(/^\d+/.exec((await runSummary.textContent())!)![0]);
    expect(inReview % 2).toBe(0);
    const rows = admin.app.getByRole('button', { name: /^View .* larger/ });
    await eventually(() => countWithNewShown(admin.app, rows), {
      timeout: RESULT_TIMEOUT_MS,
    }).toBe(inReview);

    await rows.first().click();
    const viewer = admin.app.getByRole('dialog');
    const choices = viewer.getByRole('button', { name: /^Choose option \d$/ });
    await eventually(() => choices.count()).toBe(2);
    expect(await viewer.getByRole('button', { name: 'Approve (A)' }).count()).toBe(0);
    await choices.first().click();
    await eventually(
      () =>
        viewer
          .getByText('Your choice is on the product. The other options were discarded.')
          .isVisible(),
      { timeout: RESULT_TIMEOUT_MS, interval: 500 },
    ).toBe(true);
    await admin.page.keyboard.press('Escape');
    // The product's two options left review: one published, one discarded.
    await eventually(() => rows.count(), { timeout: RESULT_TIMEOUT_MS }).toBe(inReview - 2);
  },
  TEST_TIMEOUT_MS,
);
