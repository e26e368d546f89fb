/**
 * The demo admin's "Add product": the merchant fills in the admin's product form, the product is
 * created with the Admin API's productCreate on the Shopify emulator, which then sends
 * products/create to the app (signed, the subscription of its shopify.app.toml), and an active
 * rule ("Automatic photos") makes a photo of the new product: what the README's walkthrough
 * shows, with nothing but the admin's own pages.
 */
import { expect, test } from 'vitest';
import type { GenerationPage } from '../../src/app-api/contract.ts';
import { SUMMER_RULE } from '../support/summer-rule.ts';
import { RESULT_TIMEOUT_MS, productMedia } from './support/merchant.ts';
import { browserSuite } from './support/suite.ts';
import { eventually } from './support/eventually.ts';

const suite = browserSuite('add-product', { connectedMerchant: true });

/** The app's API as the admin frame forwards it, with a session token of the demo shop. */
async function appApi<T>(path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${suite.stack.frameUrl}/api${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  expect(response.ok).toBe(true);
  return (await response.json()) as T;
}

test(
  'a product added in the admin, tagged as a rule asks, gets its photo made by the rule',
  async () => {
    const { admin, stack } = suite;
    await appApi('/rules', SUMMER_RULE);

    await admin.open('/products');
    await admin.page.getByRole('link', { name: 'Add product' }).click();
    await admin.page.getByLabel('Title').fill('Linen sundress');
    await admin.page.getByLabel('Tags').fill('summer, linen');
    await admin.page.getByLabel('Product type').fill('Dress');
    await admin.page.getByLabel('Vendor').fill('Atelier Nord');
    await admin.page.getByRole('checkbox', { name: /^Image 1:/ }).check();
    await admin.screenshot('add-product');
    await admin.page.getByRole('button', { name: 'Save' }).click();

    await admin.page.waitForURL(/\/products\/\d+$/);
    await eventually(() =>
      admin.page.getByRole('heading', { name: 'Linen sundress' }).isVisible(),
    ).toBe(true);
    const numericId = Number(admin.page.url().split('/').pop());
    expect((await productMedia(stack, numericId)).map((media) => media.type)).toEqual([
      'MediaImage',
    ]);

    const productId = `gid://shopify/Product/${numericId}`;
    const generations = async () =>
      (await appApi<GenerationPage>(`/generations?productId=${encodeURIComponent(productId)}`))
        .generations;
    await eventually(async () => (await generations()).length, {
      timeout: RESULT_TIMEOUT_MS,
      interval: 500,
    }).toBe(1);
    const [generation] = await generations();
    expect(generation!.origin).toMatchObject({ type: 'rule', label: SUMMER_RULE.name });
    expect(generation!.product.title).toBe('Linen sundress');
  },
  3 * RESULT_TIMEOUT_MS,
);

test('a product without a title is refused with Shopify’s message, the form kept', async () => {
  const { admin } = suite;
  await admin.open('/products/new');
  await admin.page.getByLabel('Tags').fill('summer');
  // The browser's own check (required) would stop the form first: the admin's is Shopify's.
  await admin.page.getByLabel('Title').fill('   ');
  admin.allowConsoleErrors(/products\/new.*status of 422/);
  await admin.page.getByRole('button', { name: 'Save' }).click();
  await eventually(() =>
    admin.page.getByRole('alert').filter({ hasText: "Title can't be blank" }).isVisible(),
  ).toBe(true);
  expect(await admin.page.getByLabel('Tags').inputValue()).toBe('summer');
});
