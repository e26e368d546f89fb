/**
 * Settings → API key: removing the shop's ProductAI key asks first, saying what stops and what
 * still finishes; Cancel keeps the key, confirming removes it.
 */
import { expect, test } from 'vitest';
import { confirm, confirmation, screenshotBothWidths } from './support/confirm.ts';
import { browserSuite } from './support/suite.ts';
import { eventually } from './support/eventually.ts';

const suite = browserSuite('api-key-removal', { connectedMerchant: true });

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
