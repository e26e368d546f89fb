/**
 * The product list selection action (admin.product-index.selection-action.render), rendered
 * from its production bundle in Chromium against the app stand-in.
 */
import { expect, test } from 'vitest';
import type { CreateBulkRunRequest } from '../../src/app-api/contract.ts';
import type { AppStandIn } from './support/app-stand-in.ts';
import { bulkEstimate, bulkRun, runNameAsShown, settings } from './support/fixtures.ts';
import { actionButton, fact, setValue, useHarness } from './support/harness.ts';

const SELECTED = [11, 12, 13].map((n) => `gid://shopify/Product/${n}`);

const harness = useHarness();

async function openSelectionAction(
  setUp: (app: AppStandIn) => void = () => {},
  selected: string[] = SELECTED,
) {
  return harness.open('product-selection-bulk-run', selected, (app) => {
    app.answer('GET /api/settings', 200, settings());
    app.answer('POST /api/bulk-runs/estimate', 200, bulkEstimate(3, 5));
    setUp(app);
  });
}

test('shows how many products are selected and what they would cost', async () => {
  const { page, app } = await openSelectionAction();

  expect((await app.nextRequest('POST /api/bulk-runs/estimate')).body).toEqual({
    target: { type: 'products', productIds: SELECTED },
    kind: 'photo',
    model: 'nanobanana2',
    prompt: 'On a seamless white studio background',
    includeDone: false,
  });
  // A sentence per count (it said "for each product in 3 selected products").
  await page.getByText('A new AI photo for each of the 3 selected products.').waitFor();
  expect(await fact(page, 'Products').textContent()).toBe('3');
  expect(await fact(page, 'Estimated total').textContent()).toBe('15 credits');
});

test('starts a run over the selected products after confirmation, without a budget', async () => {
  const expected: CreateBulkRunRequest = {
    target: { type: 'products', productIds: SELECTED },
    kind: 'photo',
    model: 'nanobanana',
    prompt: 'On a marble counter in morning light',
    includeDone: false,
  };
  const { page, app } = await openSelectionAction((stand) => {
    stand.answer('POST /api/bulk-runs', 202, bulkRun(expected, '3 selected products'));
  });
  await app.nextRequest('POST /api/bulk-runs/estimate');
  app.answer('POST /api/bulk-runs/estimate', 200, bulkEstimate(3, 3));

  await setValue(page.locator('s-select[name="model"]'), 'nanobanana');
  await setValue(page.locator('s-select[name="preset"]'), 'marble');
  await fact(page, 'Estimated total').filter({ hasText: '9 credits' }).waitFor();
  await actionButton(page, 'primary-action').click();
  await page.locator('s-admin-action[heading="Confirm bulk run"]').waitFor({ state: 'attached' });
  await page.getByText('Generate a new photo for each of the 3 selected products.').waitFor();
  expect(await fact(page, 'Credit budget').textContent()).toBe('No limit');
  await actionButton(page, 'primary-action').click();

  expect((await app.nextRequest('POST /api/bulk-runs')).body).toEqual(expected);
  // The run's name: its title and start time, as the Bulk runs page lists it.
  const name = runNameAsShown('3 selected products');
  await page.locator(`s-banner[tone="success"][heading="Bulk run started: ${name}"]`).waitFor();
});

test('one selected product reads as one', async () => {
  const { page } = await openSelectionAction(() => {}, [SELECTED[0]!]);
  await page.getByText('A new AI photo for the selected product.').waitFor();
});

test('an estimate the app refuses is shown in a critical banner, and review stays closed', async () => {
  const message = 'Save your ProductAI API key in Settings first.';
  const { page } = await openSelectionAction((app) =>
    app.answer('POST /api/bulk-runs/estimate', 400, { error: 'api_key_missing', message }),
  );

  await page.locator('s-banner[tone="critical"]', { hasText: message }).waitFor();
  expect(await actionButton(page, 'primary-action').getAttribute('disabled')).not.toBeNull();
});

test('in French, a refusal reads in French from its code, whatever its English says', async () => {
  const reworded = 'An English sentence no locale file holds.';
  const { page } = await harness.open(
    'product-selection-bulk-run',
    SELECTED,
    (app) => {
      app.answer('GET /api/settings', 200, settings());
      app.answer('POST /api/bulk-runs/estimate', 429, {
        error: 'bulk_runs_cap',
        message: reworded,
        params: { cap: 3 },
      });
    },
    'fr',
  );

  await page
    .locator('s-banner[tone="critical"]', {
      hasText: 'Cette boutique a déjà 3 traitements groupés en cours, sa limite.',
    })
    .waitFor();
  expect(await page.getByText(reworded).count()).toBe(0);
});

test('more products than a run takes: says so and sends nothing', async () => {
  const many = Array.from({ length: 251 }, (_, n) => `gid://shopify/Product/${n + 1}`);
  const { page, app } = await openSelectionAction(() => {}, many);

  await page.locator('s-banner[tone="critical"]', { hasText: 'up to 250' }).waitFor();
  expect(app.requests).toEqual([]);
});
