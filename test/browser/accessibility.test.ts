/**
 * The app home passes axe (WCAG 2.x A and AA, best practices) with no violation of any impact on
 * every page and in every dialog a merchant opens: one `main` landmark, every region labelled,
 * nothing outside a landmark, AA colour contrast (the review viewer's too).
 */
import type { Locator } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { axeViolations, fractionalProgressBars } from './support/axe.ts';
import { confirm, confirmation } from './support/confirm.ts';
import { eventually } from './support/eventually.ts';
import {
  openBulkRunForReview,
  pickInResourcePicker,
  productsWithImages,
  RESULT_TIMEOUT_MS,
  setReviewMode,
  smallestCollection,
} from './support/merchant.ts';
import { browserSuite } from './support/suite.ts';

/** Products in the bulk runs here: a quick run, yet "all" means more than one. */
const RUN_PRODUCTS = 2;

const suite = browserSuite('accessibility', { connectedMerchant: true });

/** No axe violation in the app as it is now, and every progress bar reads a whole percent. */
async function expectAccessible(): Promise<void> {
  expect(await axeViolations(suite.admin)).toEqual([]);
  expect(await fractionalProgressBars(suite.admin)).toEqual([]);
}

/** Each page of web/frontend/src/router/Routes.tsx, and a text shown once its data is in. */
const PAGES = [
  { path: '/', heading: 'Overview', loaded: 'Credits' },
  { path: '/generate', heading: 'Generate', loaded: 'Select product' },
  { path: '/activity', heading: 'Activity', loaded: 'No generations yet' },
  { path: '/bulk-runs', heading: 'Bulk runs', loaded: 'Select collection' },
  { path: '/campaigns', heading: 'Campaigns', loaded: 'Plan your next season' },
  { path: '/experiments', heading: 'Experiments', loaded: 'Does your AI photo sell better?' },
  { path: '/settings', heading: 'Settings', loaded: 'ProductAI account' },
  { path: '/no-such-page', heading: 'Page not found', loaded: 'Page not found' },
] as const;

const WIDTHS = [1280, 375] as const;

test('axe finds a violation planted in the app (the check can fail)', async () => {
  const { admin } = suite;
  await admin.open('/settings');
  await eventually(() => admin.app.getByText('ProductAI account').first().isVisible()).toBe(true);
  await admin.app.locator('main').evaluate((main) => main.append(document.createElement('img')));
  expect((await axeViolations(admin)).map((finding) => finding.rule)).toContain('image-alt');
});

describe('every page', () => {
  for (const [width, page] of WIDTHS.flatMap((w) => PAGES.map((p) => [w, p] as const))) {
    test(`${page.heading} has no axe violation at ${width} px`, async () => {
      const { admin } = suite;
      await admin.page.setViewportSize({ width, height: 900 });
      await admin.open(page.path);
      await eventually(() =>
        admin.app.getByRole('heading', { name: page.heading, level: 1 }).isVisible(),
      ).toBe(true);
      await eventually(() => admin.app.getByText(page.loaded).first().isVisible()).toBe(true);
      await expectAccessible();
    });
  }
});

/** Boxes inside `container` that take room on screen but show nothing (no text, image or control). */
function emptyBoxes(container: Locator): Promise<number> {
  return container.evaluate(
    (root) =>
      [...root.querySelectorAll('*')].filter(
        (element) =>
          element.getBoundingClientRect().height > 0 &&
          element.textContent?.trim() === '' &&
          element.querySelector('svg, img, button, input') === null &&
          !['svg', 'path', 'img', 'button', 'input'].includes(element.tagName.toLowerCase()),
      ).length,
  );
}

describe('every dialog, and the pages once they hold work', () => {
  test(
    'a bulk run: its confirmation, its card, the Activity table, the review viewer, Approve all and Undo',
    async () => {
      const { admin } = suite;
      await openBulkRunForReview(admin, suite.stack, RUN_PRODUCTS);
      await confirmation(admin, /^Start a bulk run/);
      await expectAccessible();
      await confirm(admin, 'Start bulk run');
      // While it runs (bulk requests are paced: several seconds for a few products).
      await admin.app.getByRole('button', { name: 'Cancel run' }).first().click();
      await confirmation(admin, /^Cancel “.+”\?$/);
      await expectAccessible();
      await confirm(admin, 'Keep running');

      const runSummary = admin.app.getByText(/waiting for review, \d+ published/);
      await admin.app.getByRole('link', { name: 'See its generations' }).first().click();
      await eventually(() => runSummary.textContent(), {
        timeout: RESULT_TIMEOUT_MS,
        interval: 500,
      }).toMatch(/^[1-9]\d* results? waiting for review, 0 published\.$/);
      await expectAccessible();

      await admin.app
        .getByRole('button', { name: /^View .* larger/ })
        .first()
        .click();
      const viewer = admin.app.getByRole('dialog');
      await eventually(() => viewer.getByText(/^\d+ × \d+ px$/).count()).toBe(2);
      await expectAccessible();
      await admin.page.keyboard.press('Escape');
      await eventually(() => viewer.count()).toBe(0);

      await admin.app.getByRole('button', { name: /^Approve all \d+$/ }).click();
      await confirmation(admin, /^Approve \d+ results? on \d+ products?\?$/);
      await expectAccessible();
      await confirm(admin, 'Cancel');

      await admin.app
        .getByRole('button', { name: /^Approve: / })
        .first()
        .click();
      const undo = admin.app.getByRole('button', { name: /^Undo: / }).first();
      await eventually(() => undo.isVisible(), { timeout: RESULT_TIMEOUT_MS }).toBe(true);
      await expectAccessible();
      await undo.click();
      await confirmation(admin, /.+\?$/);
      await expectAccessible();
      await confirm(admin, 'Cancel');

      // Approve all, done: its banner says so, with nothing empty under its title.
      await admin.app.getByRole('button', { name: /^Approve all \d+$/ }).click();
      await confirmation(admin, /^Approve \d+ results? on \d+ products?\?$/);
      await admin.app
        .getByRole('dialog')
        .getByRole('button', { name: /^Approve \d+ results?$/ })
        .click();
      const approved = admin.app.getByText(/^Approved: \d+ of \d+ results?$/);
      // The batch's progress bar, read while it runs: whole percents (it read 42.857142857142854).
      const fractions: string[] = [];
      await eventually(
        async () => {
          fractions.push(...(await fractionalProgressBars(admin)));
          return approved.isVisible();
        },
        { timeout: RESULT_TIMEOUT_MS },
      ).toBe(true);
      expect(fractions).toEqual([]);
      await expectAccessible();
      const banner = admin.app.locator('.Polaris-Banner', { has: approved });
      expect(await emptyBoxes(banner)).toEqual(0);

      await admin.open('/bulk-runs');
      await eventually(() =>
        admin.app.getByRole('link', { name: 'See its generations' }).first().isVisible(),
      ).toBe(true);
      await expectAccessible();
      await admin.open('/');
      await eventually(() => admin.app.getByText('Credits').first().isVisible()).toBe(true);
      await expectAccessible();
    },
    4 * RESULT_TIMEOUT_MS,
  );

  test(
    'campaigns: scheduling, the cards, cancelling, ending one that is live',
    async () => {
      const { admin } = suite;
      await setReviewMode(admin, false); // scenes go live at the start, without review
      await admin.open('/campaigns');
      await eventually(() => admin.app.getByText('Plan your next season').isVisible()).toBe(true);
      await admin.app.getByLabel('Name').fill('Holiday scenes');
      await admin.app.getByRole('button', { name: 'Select collection' }).click();
      await pickInResourcePicker(
        admin,
        'Select collection',
        await smallestCollection(suite.stack, RUN_PRODUCTS),
      );
      // Another preset than the bulk run's: its products, done with Studio white, are made again.
      await admin.app.getByLabel('Preset').selectOption({ label: 'Marble counter' });
      const schedule = admin.app.getByRole('button', { name: 'Schedule campaign' });
      await eventually(() => schedule.isEnabled()).toBe(true);
      await schedule.click();
      await confirmation(admin, 'Schedule “Holiday scenes”?');
      await expectAccessible();
      await confirm(admin, 'Schedule campaign');
      const cancel = admin.app.getByRole('button', { name: 'Cancel campaign: Holiday scenes' });
      await eventually(() => cancel.isVisible()).toBe(true);
      await expectAccessible();
      await cancel.click();
      await confirmation(admin, 'Cancel “Holiday scenes”?');
      await expectAccessible();
      await confirm(admin, 'Keep campaign');

      // One that started three days ago on the store's clock: live once its scenes are made.
      await admin.app.getByLabel('Name').fill('Flash sale');
      await admin.app.getByRole('button', { name: 'Select collection' }).click();
      await pickInResourcePicker(
        admin,
        'Select collection',
        await smallestCollection(suite.stack, RUN_PRODUCTS),
      );
      await admin.app.getByLabel('Preset').selectOption({ label: 'Outdoor nature' });
      const starts = admin.app.getByLabel('Starts');
      const tomorrow = new Date(`${(await starts.inputValue()).slice(0, 10)}T00:00:00Z`);
      await starts.fill(
        `${new Date(tomorrow.getTime() - 3 * 86_400_000).toISOString().slice(0, 10)}T00:00`,
      );
      await eventually(() => schedule.isEnabled()).toBe(true);
      await schedule.click();
      await confirmation(admin, 'Schedule “Flash sale”?');
      await confirm(admin, 'Schedule campaign');
      const end = admin.app.getByRole('button', { name: 'End now: Flash sale' });
      await eventually(() => end.isVisible(), { timeout: RESULT_TIMEOUT_MS, interval: 500 }).toBe(
        true,
      );
      await expectAccessible();
      await end.click();
      await confirmation(admin, 'End “Flash sale” now?');
      await expectAccessible();
      await confirm(admin, 'Keep it live');
    },
    3 * RESULT_TIMEOUT_MS,
  );

  test(
    'Settings: the rule editor, a rule, deleting it, removing the key',
    async () => {
      const { admin } = suite;
      await admin.open('/settings');
      await admin.app.getByRole('button', { name: 'Add rule' }).click();
      const editor = admin.app.getByRole('dialog', { name: 'New rule for new products' });
      await eventually(() => editor.isVisible()).toBe(true);
      await expectAccessible();
      await editor.getByLabel('Rule name').fill('Summer dresses');
      await editor.getByLabel('Tags').fill('summer');
      await editor.getByLabel('Prompt', { exact: true }).fill('On a sunny beach, soft light');
      await editor.getByLabel('Daily credit cap for automatic photos').fill('50');
      await editor.getByRole('button', { name: 'Save rule' }).click();
      await eventually(() => admin.app.getByText('Active', { exact: true }).isVisible()).toBe(true);
      await expectAccessible();
      await admin.app.getByRole('button', { name: 'Pause' }).click();
      await eventually(() => admin.app.getByText('Paused', { exact: true }).isVisible()).toBe(true);
      await admin.app.getByRole('button', { name: 'Resume' }).click();
      await confirmation(admin, 'Resume “Summer dresses”?');
      await expectAccessible();
      await confirm(admin, 'Cancel');
      await admin.app.getByRole('button', { name: 'Delete Summer dresses' }).click();
      await confirmation(admin, /Summer dresses/);
      await expectAccessible();
      await confirm(admin, 'Cancel');
      await admin.app.getByRole('button', { name: 'Remove key' }).click();
      await confirmation(admin, 'Remove the API key?');
      await expectAccessible();
      await confirm(admin, 'Cancel');
    },
    // Six axe runs: over the default 30 s on a loaded machine.
    RESULT_TIMEOUT_MS,
  );

  test(
    'Generate: a photo with two results, while it is made and once there is a choice; an upscale on Bulk runs',
    async () => {
      const { admin, stack } = suite;
      const [product] = await productsWithImages(stack);
      await admin.open('/generate');
      await admin.app.getByRole('button', { name: 'Select product' }).click();
      await pickInResourcePicker(admin, 'Select product', product!.title);
      await admin.app.getByLabel('Preset').selectOption({ label: 'Warm wood' });
      await admin.app
        .getByLabel('Results', { exact: true })
        .selectOption({ label: '2 results to choose from' });
      await expectAccessible();
      await admin.app.getByRole('button', { name: /^Generate photo for \d+ credits$/ }).click();
      await expectAccessible(); // as it is made
      const choices = admin.app.getByRole('radio', { name: /^Choose option \d$/ });
      await eventually(() => choices.count(), { timeout: RESULT_TIMEOUT_MS, interval: 500 }).toBe(
        2,
      );
      await expectAccessible();

      await admin.open('/bulk-runs');
      await admin.app.getByRole('button', { name: 'Upscale' }).click();
      await eventually(() => admin.app.getByLabel('Results per product').count()).toBe(0);
      await expectAccessible();
    },
    2 * RESULT_TIMEOUT_MS,
  );
});
