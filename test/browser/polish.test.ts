/**
 * Small things a reviewer notices, each as a merchant meets it: an upscale
 * offers no results to choose from, the budget field says why it refuses "abc", switching Photo
 * and Upscale on Bulk runs moves nothing on the page (no layout shift once the estimate is in),
 * a campaign just scheduled is brought into view, an active rule is not described as off.
 */
import { expect, test } from 'vitest';
import { eventually } from './support/eventually.ts';
import { appFrame } from './support/keyboard.ts';
import {
  smallestCollection,
  pickInResourcePicker,
  productsWithImages,
} from './support/merchant.ts';
import { browserSuite } from './support/suite.ts';
import { pageVitals, recordPageVitals } from './support/vitals.ts';

const suite = browserSuite('polish', { connectedMerchant: true });

test('Generate: an upscale offers no results to choose from, a photo does', async () => {
  const { admin, stack } = suite;
  const [product] = await productsWithImages(stack);
  await admin.open('/generate');
  await admin.app.getByRole('button', { name: 'Select product' }).click();
  await pickInResourcePicker(admin, 'Select product', product!.title);
  const results = admin.app.getByLabel('Results', { exact: true });
  await results.selectOption({ label: '3 results to choose from' });
  await admin.app.getByRole('button', { name: 'Upscale' }).click();
  await eventually(() => results.count()).toBe(0);
  await eventually(() =>
    admin.app.getByRole('button', { name: /^Upscale image for \d+ credits$/ }).isVisible(),
  ).toBe(true);
  await admin.app.getByRole('button', { name: 'Photo' }).click();
  await eventually(() => results.inputValue()).toBe('3');
});

test('Bulk runs: an upscale offers no results per product; the budget says why it refuses "abc"', async () => {
  const { admin } = suite;
  await admin.open('/bulk-runs');
  const results = admin.app.getByLabel('Results per product');
  await eventually(() => results.isVisible()).toBe(true);
  await admin.app.getByRole('button', { name: 'Upscale' }).click();
  await eventually(() => results.count()).toBe(0);

  const budget = admin.app.getByLabel('Credit budget');
  await budget.pressSequentially('abc');
  expect(await budget.inputValue()).toBe('abc');
  await eventually(() =>
    admin.app
      .getByText('Enter a whole number of credits, 1 or more, or leave it empty for no budget.')
      .first()
      .isVisible(),
  ).toBe(true);
});

test('Bulk runs: switching Photo and Upscale three times shifts nothing once the estimate is in (CLS 0)', async () => {
  const { admin } = suite;
  await recordPageVitals(admin);
  await admin.open('/bulk-runs');
  await admin.app.getByRole('button', { name: 'Select collection' }).click();
  await pickInResourcePicker(admin, 'Select collection', await smallestCollection(suite.stack));
  await admin.app.getByLabel('Preset').selectOption({ label: 'Studio white' });
  const start = admin.app.getByRole('button', { name: 'Start bulk run' });
  await eventually(() => start.isEnabled()).toBe(true);
  const frame = await appFrame(admin);
  const before = (await pageVitals(frame)).shifts.length;
  for (let round = 0; round < 3; round += 1) {
    // An upscale is estimated and can start; a photo then waits for its prompt.
    await admin.app.getByRole('button', { name: 'Upscale' }).click();
    await eventually(() => start.isEnabled()).toBe(true);
    await admin.app.getByRole('button', { name: 'Photo' }).click();
    await eventually(() =>
      admin.app.getByText('Write a prompt or choose a preset.').first().isVisible(),
    ).toBe(true);
  }
  // The last estimate has arrived (Start is enabled): a shift it caused has been recorded.
  await admin.app.getByRole('button', { name: 'Upscale' }).click();
  await eventually(() => start.isEnabled()).toBe(true);
  expect((await pageVitals(frame)).shifts.slice(before)).toEqual([]);
});

test('Generate: switching Photo, Video and Upscale shifts nothing once the price is in (CLS 0)', async () => {
  const { admin, stack } = suite;
  const [product] = await productsWithImages(stack);
  await recordPageVitals(admin);
  await admin.open('/generate');
  await admin.app.getByRole('button', { name: 'Select product' }).click();
  await pickInResourcePicker(admin, 'Select product', product!.title);
  await admin.app.getByLabel('Preset').selectOption({ label: 'Studio white' });
  const submit = admin.app.getByRole('button', { name: /^(Generate|Upscale) .* for \d+ credits$/ });
  await eventually(() => submit.isEnabled()).toBe(true);
  const frame = await appFrame(admin);
  const before = (await pageVitals(frame)).shifts.length;
  for (let round = 0; round < 3; round += 1) {
    for (const kind of ['Video', 'Upscale', 'Photo']) {
      await admin.app.getByRole('button', { name: kind, exact: true }).click();
      await eventually(() =>
        admin.app.getByRole('button', { name: kind, pressed: true }).count(),
      ).toBe(1);
    }
  }
  // The last price has come back: a shift it caused has been recorded.
  await admin.app.getByRole('button', { name: 'Upscale', exact: true }).click();
  await eventually(() => submit.isEnabled()).toBe(true);
  expect((await pageVitals(frame)).shifts.slice(before)).toEqual([]);
});

test('Campaigns: a campaign just scheduled is scrolled into view, its heading focused', async () => {
  const { admin } = suite;
  await admin.open('/campaigns');
  await eventually(() => admin.app.getByText('Plan your next season').isVisible()).toBe(true);
  await admin.app.getByLabel('Name').fill('Spring scenes');
  await admin.app.getByRole('button', { name: 'Select collection' }).click();
  await pickInResourcePicker(admin, 'Select collection', await smallestCollection(suite.stack));
  await admin.app.getByLabel('Preset').selectOption({ label: 'Studio white' });
  // The merchant is at the form's end, where the button is: the list is above, out of view.
  const schedule = admin.app.getByRole('button', { name: 'Schedule campaign' });
  await schedule.scrollIntoViewIfNeeded();
  await eventually(() => schedule.isEnabled()).toBe(true);
  await schedule.click();
  await admin.app
    .getByRole('dialog')
    .getByRole('button', { name: 'Schedule campaign', exact: true })
    .click();
  const heading = admin.app.getByRole('heading', { name: 'Spring scenes' });
  await eventually(() => heading.evaluate((element) => element === document.activeElement)).toBe(
    true,
  );
  await eventually(() =>
    heading.evaluate((element) => {
      const box = element.getBoundingClientRect();
      return box.top >= 0 && box.bottom <= window.innerHeight;
    }),
  ).toBe(true);
});

test('Settings: an active rule is not described as off', async () => {
  const { admin } = suite;
  await admin.open('/settings');
  // Words saying something is off; the fidelity guard's choice named just "Off" is not one.
  const off = admin.app.getByText(/\bOff\b/).filter({ hasNotText: /^Off$/ });
  await eventually(() => admin.app.getByText(/^Off\. Add a rule/).isVisible()).toBe(true);
  await admin.app.getByRole('button', { name: 'Add rule' }).click();
  const editor = admin.app.getByRole('dialog', { name: 'New rule for new products' });
  await editor.getByLabel('Rule name').fill('Summer dresses');
  await editor.getByLabel('Tags').fill('summer');
  await editor.getByLabel('Prompt', { exact: true }).fill('On a sunny beach, soft light');
  await editor.getByLabel('Daily credit cap for automatic photos').fill('50');
  await editor.getByRole('button', { name: 'Save rule' }).click();
  await eventually(() => admin.app.getByText('Active', { exact: true }).isVisible()).toBe(true);
  expect(await off.allTextContents()).toEqual([]);
});
