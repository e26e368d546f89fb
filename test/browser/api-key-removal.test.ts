/**
 * Settings → API key: removing the shop's ProductAI key asks first, saying what stops and what
 * still finishes; Cancel keeps the key, confirming removes it. The question is the app's
 * confirmation, the platform's modal `<dialog>` (ConfirmModal.tsx): named by its title, focus on
 * the button that keeps the key, Esc keeps it too, and focus goes back to Remove key.
 */
import { expect, test } from 'vitest';
import { confirm, confirmation, screenshotBothWidths } from './support/confirm.ts';
import { browserSuite } from './support/suite.ts';
import { eventually } from './support/eventually.ts';
import { appFrame } from './support/keyboard.ts';

const suite = browserSuite('api-key-removal', { connectedMerchant: true });

test('the question is a modal dialog: focus on Cancel; Esc or Cancel keep the key, focus back', async () => {
  const { admin } = suite;
  await admin.open('/settings');
  const remove = admin.app.getByRole('button', { name: 'Remove key' });
  await eventually(() => remove.isVisible()).toBe(true);

  // From the keyboard: a click's mouseup takes focus off a Polaris button, nothing to go back to.
  await remove.focus();
  await admin.page.keyboard.press('Enter');
  const removing = await confirmation(admin, 'Remove the API key?');
  const frame = await appFrame(admin);
  // Modal: the page behind it is inert (Polaris' Modal was a <div role="dialog">).
  expect(await frame.evaluate(() => !!document.querySelector('dialog:modal'))).toBe(true);
  const cancel = removing.getByRole('button', { name: 'Cancel', exact: true });
  expect(await cancel.evaluate((button) => button === document.activeElement)).toBe(true);

  await admin.page.keyboard.press('Escape');
  await eventually(() => removing.count()).toBe(0);
  await eventually(() => remove.evaluate((button) => button === document.activeElement)).toBe(true);
  expect(await admin.app.getByText('Valid', { exact: true }).isVisible()).toBe(true);

  // Cancel, from the keyboard where focus is: the same.
  await admin.page.keyboard.press('Enter');
  await confirmation(admin, 'Remove the API key?');
  await admin.page.keyboard.press('Enter');
  await eventually(() => removing.count()).toBe(0);
  await eventually(() => remove.evaluate((button) => button === document.activeElement)).toBe(true);
  expect(await admin.app.getByText('Valid', { exact: true }).isVisible()).toBe(true);
});

test('removing the API key asks first, and Cancel keeps it', async () => {
  const { admin } = suite;
  await admin.open('/settings');
  const remove = admin.app.getByRole('button', { name: 'Remove key' });
  await eventually(() => remove.isVisible()).toBe(true);

  await remove.click();
  const removing = await confirmation(admin, 'Remove the API key?');
  expect(
    await removing.getByText(/^New generations stop until you add a key again/).isVisible(),
  ).toBe(true);
  await screenshotBothWidths(admin, 'confirm-api-key-remove');
  await confirm(admin, 'Cancel');
  expect(await admin.app.getByText('Valid', { exact: true }).isVisible()).toBe(true);

  await remove.click();
  await confirmation(admin, 'Remove the API key?');
  await confirm(admin, 'Remove key');
  await eventually(() => admin.app.getByLabel('ProductAI API key').isVisible()).toBe(true);
});
