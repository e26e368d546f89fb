/**
 * Settings → Automatic photos in the real app: the merchant adds a rule in the editor, then a
 * product created in the store (the Shopify emulator, which sends products/create with a real
 * HMAC to the app's worker) gets its generation, and Activity names the rule that made it.
 */
import { expect, test } from 'vitest';
import { RESULT_TIMEOUT_MS } from './support/merchant.ts';
import { browserSuite } from './support/suite.ts';
import { eventually } from './support/eventually.ts';

const suite = browserSuite('rules', { connectedMerchant: true });

test(
  'a rule added in Settings makes a generation for a new product, shown in Activity with its name',
  async () => {
    const { admin, stack } = suite;
    await admin.open('/settings');
    await eventually(() => admin.app.getByText(/^Off\. Add a rule/).isVisible()).toBe(true);
    await admin.app.getByRole('button', { name: 'Add rule' }).click();
    const editor = admin.app.getByRole('dialog', { name: 'New rule for new products' });
    await editor.getByLabel('Rule name').fill('Summer dresses');
    await editor.getByLabel('Tags').fill('summer');
    await editor.getByLabel('Prompt', { exact: true }).fill('On a sunny beach, soft light');
    // A cap below one photo's price is refused, saying what a photo costs (Balanced: 5).
    admin.allowConsoleErrors(/\/api\/rules .*status of 400/);
    const cap = editor.getByLabel('Daily credit cap for automatic photos');
    await cap.fill('3');
    await editor.getByRole('button', { name: 'Save rule' }).click();
    const refusal = 'A photo with this rule costs 5 credits; the daily cap must be at least 5.';
    await eventually(() => editor.getByText(refusal).first().isVisible()).toBe(true);
    await cap.fill('50');
    expect(await editor.getByLabel('Wait for my review in Activity').isChecked()).toBe(true);
    await admin.screenshot('rules-editor');
    await editor.getByRole('button', { name: 'Save rule' }).click();

    await eventually(() =>
      admin.app.getByRole('heading', { name: 'Summer dresses' }).isVisible(),
    ).toBe(true);
    expect(await admin.app.getByText('Active', { exact: true }).isVisible()).toBe(true);
    expect(await admin.app.getByText(/Tagged summer → a photo/).isVisible()).toBe(true);

    const response = await fetch(`${stack.shopify.url}/__emulator/shops/${stack.shop}/products`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Linen sundress', tags: ['summer'], images: 1 }),
    });
    expect(response.ok).toBe(true);

    await admin.open('/activity');
    await eventually(
      () =>
        admin.app
          .getByText(/Rule: Summer dresses/)
          .first()
          .isVisible(),
      {
        timeout: RESULT_TIMEOUT_MS,
        interval: 500,
      },
    ).toBe(true);
    expect(await admin.app.getByText('Linen sundress').first().isVisible()).toBe(true);
    await admin.screenshot('rules-activity');
  },
  3 * RESULT_TIMEOUT_MS,
);
