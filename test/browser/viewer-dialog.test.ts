/**
 * Activity's large viewer is one dialog, mounted with the page: opening it again opens the same
 * element (Polaris' Modal mounted its portal, backdrop and focus trap with each opening, inside
 * the click: 440-1,712 ms at load 11-16), and it is still a modal dialog named by its title,
 * closed with Esc, focus back on the row it was opened from.
 */
import { expect, test } from 'vitest';
import { confirm, confirmation } from './support/confirm.ts';
import { eventually } from './support/eventually.ts';
import { appFrame } from './support/keyboard.ts';
import { openBulkRunForReview, RESULT_TIMEOUT_MS } from './support/merchant.ts';
import { browserSuite } from './support/suite.ts';

const suite = browserSuite('viewer-dialog', { connectedMerchant: true });

test(
  'the viewer opens the same dialog each time, modal and named by its title',
  async () => {
    const { admin, stack } = suite;
    await openBulkRunForReview(admin, stack, 2);
    await confirmation(admin, /^Start a bulk run/);
    await confirm(admin, 'Start bulk run');
    await admin.app.getByRole('link', { name: 'See its generations' }).first().click();
    await admin.app.getByLabel('State').selectOption({ label: 'Ready for review' });
    const row = admin.app.getByRole('button', { name: /^View .* larger/ }).first();
    await eventually(() => row.isVisible(), {
      timeout: RESULT_TIMEOUT_MS,
      interval: 500,
    }).toBe(true);
    const title = /^View (.*) larger/.exec((await row.getAttribute('aria-label'))!)![1]!;
    const frame = await appFrame(admin);

    await row.click();
    const viewer = admin.app.getByRole('dialog', { name: new RegExp(`^${title} \\(1 of`) });
    await eventually(() => viewer.isVisible()).toBe(true);
    // Modal: the page behind it is inert.
    expect(await frame.evaluate(() => document.querySelector('dialog')?.matches(':modal'))).toBe(
      true,
    );
    await frame.evaluate(() => {
      (document.querySelector('dialog') as unknown as { marked?: boolean }).marked = true;
    });
    await admin.page.keyboard.press('Escape');
    await eventually(() => viewer.count()).toBe(0);
    await eventually(() => row.evaluate((button) => button === document.activeElement)).toBe(true);

    await row.click();
    await eventually(() => viewer.isVisible()).toBe(true);
    const same = await frame.evaluate(
      () => (document.querySelector('dialog[open]') as unknown as { marked?: boolean }).marked,
    );
    expect(same).toBe(true);
  },
  2 * RESULT_TIMEOUT_MS,
);
