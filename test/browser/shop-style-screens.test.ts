/**
 * The shop style on the screens that send work and list it: the Generate page can
 * send one photo without the style, Activity's rows say which were sent with it, and the rule
 * list says a rule makes one photo per colour. Real app, both emulators, in Chromium.
 */
import { beforeAll, expect, test } from 'vitest';
import { axeViolations } from './support/axe.ts';
import { eventually } from './support/eventually.ts';
import {
  RESULT_TIMEOUT_MS,
  generatePhoto,
  productsWithImages,
  saveStylePhrase,
  setReviewMode,
  waitForProgressState,
  type DemoProduct,
} from './support/merchant.ts';
import { browserSuite } from './support/suite.ts';

const suite = browserSuite('shop-style-screens', { connectedMerchant: true });
let products: DemoProduct[];

beforeAll(async () => {
  products = await productsWithImages(suite.stack);
});

test(
  'a photo sent without the shop style has no style badge in Activity; one sent with it does',
  async () => {
    const { admin } = suite;
    const [styled, plain] = [products[0]!, products[1]!];
    // No style yet: nothing to leave out.
    await admin.open('/generate');
    await eventually(() => admin.app.getByText('Select product').first().isVisible()).toBe(true);
    expect(await admin.app.getByLabel('Without the shop style').count()).toBe(0);

    await saveStylePhrase(admin, 'Soft daylight on pale linen');
    await setReviewMode(admin, false);
    // With a style, a bulk run can leave it out too.
    await admin.open('/bulk-runs');
    await eventually(() => admin.app.getByLabel('Without the shop style').isVisible()).toBe(true);

    await generatePhoto(admin, styled, 'Studio white');
    await waitForProgressState(admin, 'Published');
    await generatePhoto(admin, plain, 'Studio white', { withoutStyle: true });
    await waitForProgressState(admin, 'Published');

    await admin.open('/activity');
    const row = (title: string) => admin.app.getByRole('row').filter({ hasText: title });
    await eventually(() => row(plain.title).first().isVisible()).toBe(true);
    await eventually(() =>
      row(styled.title).first().getByText('Shop style', { exact: true }).isVisible(),
    ).toBe(true);
    expect(await row(plain.title).first().getByText('Shop style', { exact: true }).count()).toBe(0);
    expect(await axeViolations(admin)).toEqual([]);
    await admin.screenshot('activity-style-badge');
  },
  3 * RESULT_TIMEOUT_MS,
);

test('a rule making one photo per colour says so in the rule list', async () => {
  const { admin } = suite;
  await admin.open('/settings');
  await admin.app.getByRole('button', { name: 'Add rule' }).click();
  const editor = admin.app.getByRole('dialog', { name: 'New rule for new products' });
  await editor.getByLabel('Rule name').fill('Mugs in colours');
  await editor.getByLabel('Tags').fill('mug');
  await editor.getByLabel('Prompt', { exact: true }).fill('On a breakfast table, morning light');
  await editor.getByLabel('One photo for each color').check();
  await editor.getByLabel('Daily credit cap for automatic photos').fill('50');
  await editor.getByRole('button', { name: 'Save rule' }).click();

  await eventually(() =>
    admin.app.getByRole('heading', { name: 'Mugs in colours' }).isVisible(),
  ).toBe(true);
  await eventually(() =>
    admin.app.getByText(/Tagged mug → a photo for each color/).isVisible(),
  ).toBe(true);
  expect(await axeViolations(admin)).toEqual([]);
  await admin.screenshot('rules-each-colour');
});
