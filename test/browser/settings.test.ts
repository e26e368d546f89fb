/**
 * Settings in the real app, in Chromium, inside the admin frame: the API key is checked with
 * ProductAI before it is saved, a refused key is an inline error, edits go through the save bar,
 * the webhook shows as connected once the ProductAI studio saved its URL, and the shop style
 * keeps its phrase and its image.
 */
import sharp from 'sharp';
import { expect, test } from 'vitest';
import { axeViolations } from './support/axe.ts';
import { connectWebhook, saveApiKey } from './support/merchant.ts';
import { browserSuite } from './support/suite.ts';
import { eventually } from './support/eventually.ts';

const suite = browserSuite('settings');

test('a key ProductAI refuses is shown as an error on the field, and nothing is saved', async () => {
  const { admin } = suite;
  admin.allowConsoleErrors(/\/api\/settings\/api-key .*status of 400/);
  await saveApiKey(admin, 'not-a-productai-key');
  const field = admin.app.getByLabel('ProductAI API key');
  await eventually(() => field.getAttribute('aria-invalid')).toBe('true');
  await eventually(() =>
    admin.app
      .getByText(/ProductAI did not accept this key/)
      .first()
      .isVisible(),
  ).toBe(true);
  await admin.screenshot('settings-refused-key');

  await admin.open('/settings');
  await eventually(() => admin.app.getByLabel('ProductAI API key').isVisible()).toBe(true);
  expect(await admin.app.getByText('Valid', { exact: true }).count()).toBe(0);
});

test('a key ProductAI accepts is saved and only shown masked afterwards', async () => {
  const { admin, stack } = suite;
  await saveApiKey(admin, stack.productAiKey);
  await eventually(() => admin.app.getByText('Valid', { exact: true }).isVisible()).toBe(true);
  await eventually(() =>
    admin.page.getByRole('status').filter({ hasText: 'API key checked and saved' }).count(),
  ).toBe(1);

  await admin.open('/settings');
  await eventually(() => admin.app.getByRole('button', { name: 'Replace key' }).isVisible()).toBe(
    true,
  );
  const page = await admin.app.locator('body').innerText();
  expect(page).not.toContain(stack.productAiKey);
  await admin.screenshot('settings');
});

test('changes wait in the save bar: discard puts them back, save keeps them', async () => {
  const { admin } = suite;
  await admin.open('/settings');
  const review = admin.app.getByLabel('Review results before they are added to products');
  await review.check();
  const saveBar = admin.page.getByRole('region', { name: 'Unsaved changes' });
  await eventually(() => saveBar.isVisible()).toBe(true);
  await admin.screenshot('settings-save-bar');
  await saveBar.getByRole('button', { name: 'Discard' }).click();
  await eventually(() => review.isChecked()).toBe(false);
  await eventually(() => saveBar.isVisible()).toBe(false);

  await admin.app.getByLabel('Alt text template').fill('{productTitle} photographed by AI');
  await saveBar.getByRole('button', { name: 'Save' }).click();
  await eventually(() => saveBar.isVisible()).toBe(false);
  await admin.open('/settings');
  await eventually(() => admin.app.getByLabel('Alt text template').inputValue()).toBe(
    '{productTitle} photographed by AI',
  );
});

test('the webhook shows as connected once the ProductAI studio saved its URL', async () => {
  const { admin, stack } = suite;
  await admin.open('/settings');
  await eventually(() => admin.app.getByText('Not yet received', { exact: true }).isVisible()).toBe(
    true,
  );
  await connectWebhook(admin, stack);
  await eventually(() => admin.app.getByText('Connected', { exact: true }).isVisible(), {
    timeout: 15_000,
  }).toBe(true);
  await eventually(() => admin.app.getByText(/test request arrived on/).isVisible()).toBe(true);
});

test('the shop style: its phrase goes through the save bar, its image is saved at once', async () => {
  const { admin } = suite;
  await admin.open('/settings');
  await admin.app.getByLabel('Style phrase').fill('Soft daylight on pale linen');
  const saveBar = admin.page.getByRole('region', { name: 'Unsaved changes' });
  await eventually(() => saveBar.isVisible()).toBe(true);
  await saveBar.getByRole('button', { name: 'Save' }).click();
  await eventually(() => saveBar.isVisible()).toBe(false);

  const image = await sharp({
    create: { width: 200, height: 150, channels: 3, background: '#3d5a8c' },
  })
    .png()
    .toBuffer();
  await admin.app
    .locator('#style ~ * input[type="file"]')
    .first()
    .setInputFiles({ name: 'style.png', mimeType: 'image/png', buffer: image });
  await eventually(() =>
    admin.app.getByRole('img', { name: "Your shop's style image" }).isVisible(),
  ).toBe(true);
  expect(await axeViolations(admin)).toEqual([]);
  await admin.screenshot('settings-style');

  await admin.open('/settings');
  await eventually(() => admin.app.getByLabel('Style phrase').inputValue()).toBe(
    'Soft daylight on pale linen',
  );
  await eventually(() => admin.app.getByText(/^Uploaded on /).isVisible()).toBe(true);
});
