/**
 * Settings → Automatic photos: resuming a rule (work starts again on new products) says where its
 * results go before it acts, and deleting one asks first; Cancel in either leaves the rule as it
 * was.
 */
import { expect, test } from 'vitest';
import { confirm, confirmation, screenshotBothWidths } from './support/confirm.ts';
import { browserSuite } from './support/suite.ts';
import { eventually } from './support/eventually.ts';

const suite = browserSuite('rule-confirmations', { connectedMerchant: true });

test('resuming a rule says its results wait for review, and deleting one asks first', async () => {
  const { admin } = suite;
  await admin.open('/settings');
  await eventually(() => admin.app.getByText(/^Off\. Add a rule/).isVisible()).toBe(true);
  await admin.app.getByRole('button', { name: 'Add rule' }).click();
  const editor = admin.app.getByRole('dialog', { name: 'New rule for new products' });
  await editor.getByLabel('Rule name').fill('Summer dresses');
  await editor.getByLabel('Tags').fill('summer');
  await editor.getByLabel('Prompt', { exact: true }).fill('On a sunny beach, soft light');
  await editor.getByLabel('Daily credit cap for automatic photos').fill('50');
  await editor.getByRole('button', { name: 'Save rule' }).click();
  const active = admin.app.getByText('Active', { exact: true });
  const paused = admin.app.getByText('Paused', { exact: true });
  await eventually(() => active.isVisible()).toBe(true);

  // Pausing stops work: no question. Resuming starts it again: it says where results go.
  await admin.app.getByRole('button', { name: 'Pause' }).click();
  await eventually(() => paused.isVisible()).toBe(true);
  await admin.app.getByRole('button', { name: 'Resume' }).click();
  const resuming = await confirmation(admin, 'Resume “Summer dresses”?');
  expect(
    await resuming
      .getByText('Results wait for your review in Activity before they go on the product.')
      .isVisible(),
  ).toBe(true);
  expect(
    await resuming.getByText(/^Each new product that matches \(Tagged summer\)/).isVisible(),
  ).toBe(true);
  await screenshotBothWidths(admin, 'confirm-rule-resume');
  await confirm(admin, 'Cancel');
  expect(await paused.isVisible()).toBe(true);
  await admin.app.getByRole('button', { name: 'Resume' }).click();
  await confirmation(admin, 'Resume “Summer dresses”?');
  await confirm(admin, 'Resume rule');
  await eventually(() => active.isVisible()).toBe(true);

  const heading = admin.app.getByRole('heading', { name: 'Summer dresses' });
  await admin.app.getByRole('button', { name: 'Delete Summer dresses' }).click();
  const deleting = await confirmation(admin, 'Delete “Summer dresses”?');
  expect(await deleting.getByText(/^New products stop getting its photos\./).isVisible()).toBe(
    true,
  );
  await screenshotBothWidths(admin, 'confirm-rule-delete');
  await confirm(admin, 'Cancel');
  expect(await heading.isVisible()).toBe(true);
  await admin.app.getByRole('button', { name: 'Delete Summer dresses' }).click();
  await confirmation(admin, 'Delete “Summer dresses”?');
  await confirm(admin, 'Delete rule');
  await eventually(() => heading.count()).toBe(0);
});
