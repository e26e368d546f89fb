/**
 * The Campaigns page in the real app: a campaign scheduled for tomorrow over a collection, shown
 * as upcoming with its countdown on the store's clock while its scenes are made ahead of time,
 * then cancelled before the start (nothing ever reaches the products).
 */
import { expect, test } from 'vitest';
import { RESULT_TIMEOUT_MS, demoProducts, pickInResourcePicker } from './support/merchant.ts';
import { browserSuite } from './support/suite.ts';
import { eventually } from './support/eventually.ts';

const suite = browserSuite('campaigns', { connectedMerchant: true });

/** The demo store's smallest collection with products. */
async function smallestCollection(): Promise<{ title: string; size: number }> {
  const sizes = new Map<string, number>();
  for (const product of await demoProducts(suite.stack)) {
    for (const collection of product.collections) {
      sizes.set(collection.title, (sizes.get(collection.title) ?? 0) + 1);
    }
  }
  const [title, size] = [...sizes].sort((a, b) => a[1] - b[1])[0]!;
  return { title, size };
}

test(
  'a campaign is scheduled on the store’s clock, counts down, makes its scenes ahead, and is cancelled',
  async () => {
    const { admin } = suite;
    const collection = await smallestCollection();
    await admin.open('/campaigns');
    await eventually(() => admin.app.getByText('Plan your next season').isVisible()).toBe(true);
    await admin.app.getByLabel('Name').fill('Holiday scenes');
    await admin.app.getByRole('button', { name: 'Select collection' }).click();
    await pickInResourcePicker(admin, 'Select collection', collection.title);
    await admin.app.getByLabel('Preset').selectOption({ label: 'Studio white' });
    await expect
      .poll(() => admin.app.getByText(/Times are your store’s \(America\/New_York\)/).isVisible())
      .toBe(true);
    await eventually(
      () => admin.app.getByText(`${collection.size} products × 5 credits`).isVisible(),
      { timeout: 10_000 },
    ).toBe(true);
    await admin.app.getByRole('button', { name: 'Schedule campaign' }).click();

    await eventually(() => admin.app.getByRole('heading', { name: 'Holiday scenes' }).isVisible(), {
      timeout: 10_000,
    }).toBe(true);
    expect(await admin.app.getByText('Upcoming', { exact: true }).isVisible()).toBe(true);
    expect(await admin.app.getByText(/^Starts in \d+ h/).isVisible()).toBe(true);
    await eventually(() => admin.app.getByText(/^[1-9]\d* of \d+ scenes ready/).isVisible(), {
      timeout: RESULT_TIMEOUT_MS,
      interval: 500,
    }).toBe(true);
    await admin.screenshot('campaigns-upcoming');

    await admin.app.getByRole('button', { name: 'Cancel Holiday scenes' }).click();
    await eventually(() => admin.app.getByText('Cancelled before the start').isVisible(), {
      timeout: 10_000,
    }).toBe(true);
    await admin.screenshot('campaigns-cancelled');
  },
  3 * RESULT_TIMEOUT_MS,
);
