/**
 * The app home's confirmations (web/frontend/src/components/ConfirmModal.tsx): a modal
 * `<dialog>` named by its question, whose primary button is the action itself.
 */
import type { Locator } from 'playwright-core';
import type { AdminPage } from './browser.ts';
import { eventually } from './eventually.ts';

/** The open confirmation asking `title`, once it is on screen. */
export async function confirmation(admin: AdminPage, title: string | RegExp): Promise<Locator> {
  const dialog = admin.app.getByRole('dialog', { name: title });
  await eventually(() => dialog.isVisible()).toBe(true);
  return dialog;
}

/**
 * Answers the open confirmation with its `button` and waits for it to close. The dialog is found
 * by CSS: the wait runs in the page's main thread right after the click, and a role query there
 * walks the whole page (the merchant session measures that click's paint).
 */
export async function confirm(admin: AdminPage, button: string): Promise<void> {
  const answer = { has: admin.app.getByRole('button', { name: button, exact: true }) };
  const dialog = admin.app.locator('dialog[open]').filter(answer);
  await dialog.getByRole('button', { name: button, exact: true }).click();
  await eventually(() => dialog.count()).toBe(0);
}

/** The page with its open confirmation, on a desktop (1280 px) and on a phone (375 px). */
export async function screenshotBothWidths(admin: AdminPage, name: string): Promise<void> {
  const size = admin.page.viewportSize() ?? { width: 1280, height: 800 };
  await admin.page.setViewportSize({ width: 1280, height: size.height });
  await admin.screenshot(`${name}-1280`);
  await admin.page.setViewportSize({ width: 375, height: 812 });
  // On a phone the admin's sidebar slides off screen (a 0.2 s transition): once it is gone.
  await eventually(() =>
    admin.page.locator('#sidebar').evaluate((nav) => nav.getBoundingClientRect().right <= 0),
  ).toBe(true);
  await admin.screenshot(`${name}-375`);
  await admin.page.setViewportSize(size);
}
