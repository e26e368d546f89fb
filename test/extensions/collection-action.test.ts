/**
 * The collection page action (admin.collection-details.action.render), rendered from its
 * production bundle in Chromium against the app stand-in.
 */
import { expect, test } from 'vitest';
import type { CreateBulkRunRequest } from '../../src/app-api/contract.ts';
import type { AppStandIn } from './support/app-stand-in.ts';
import { runOutcome } from '../../src/app-api/run-outcome.ts';
import {
  bulkEstimate,
  bulkRun,
  collection,
  COLLECTION_ID,
  settings,
  runNameAsShown,
} from './support/fixtures.ts';
import { actionButton, fact, setChecked, setValue, useHarness } from './support/harness.ts';

const TARGET = { type: 'collection', collectionId: COLLECTION_ID } as const;

const harness = useHarness();

async function openCollectionAction(setUp: (app: AppStandIn) => void = () => {}) {
  const opened = await harness.open('collection-bulk-run', [COLLECTION_ID], (app) => {
    app.answer('GET /api/settings', 200, settings());
    app.answer(`GET /api/collections/${encodeURIComponent(COLLECTION_ID)}`, 200, collection);
    app.answer('POST /api/bulk-runs/estimate', 200, bulkEstimate(12, 5));
    setUp(app);
  });
  await opened.page.locator('s-select[name="model"]').waitFor({ state: 'attached' });
  return opened;
}

test('shows the collection, its number of products and the estimated credits', async () => {
  const { page, app } = await openCollectionAction();

  expect((await app.nextRequest('POST /api/bulk-runs/estimate')).body).toEqual({
    target: TARGET,
    kind: 'photo',
    model: 'nanobanana2',
    prompt: 'On a seamless white studio background',
    includeDone: false,
  });
  await page.getByText('A new AI photo for each product in Summer mugs.').waitFor();
  expect(await fact(page, 'Products').textContent()).toBe('12');
  expect(await fact(page, 'Per product').textContent()).toBe('5 credits');
  expect(await fact(page, 'Estimated total').textContent()).toBe('60 credits');
  expect(await page.locator('s-number-field[name="creditBudget"]').getAttribute('label')).toBe(
    'Credit budget',
  );
});

test('a new model gets a new estimate', async () => {
  const { page, app } = await openCollectionAction();
  await app.nextRequest('POST /api/bulk-runs/estimate');
  app.answer('POST /api/bulk-runs/estimate', 200, bulkEstimate(12, 8));

  await setValue(page.locator('s-select[name="model"]'), 'nanobananapro');

  expect((await app.nextRequest('POST /api/bulk-runs/estimate')).body).toMatchObject({
    model: 'nanobananapro',
  });
  await fact(page, 'Estimated total').filter({ hasText: '96 credits' }).waitFor();
});

test('asks for confirmation, then starts the run with the budget and links to its progress', async () => {
  const expected: CreateBulkRunRequest = {
    target: TARGET,
    kind: 'photo',
    model: 'nanobanana2',
    prompt: 'On a seamless white studio background',
    includeDone: false,
    creditBudget: 40,
  };
  const { page, app, closeCalls } = await openCollectionAction((stand) => {
    stand.answer('POST /api/bulk-runs', 202, bulkRun(expected, collection.title));
    stand.answer('POST /api/bulk-runs/estimate', 200, bulkEstimate(12, 5, { finishInMs: 300_000 }));
  });
  await app.nextRequest('POST /api/bulk-runs/estimate');
  await fact(page, 'Estimated total').filter({ hasText: '60 credits' }).waitFor();
  await page.getByText('Finishes in about 5 minutes', { exact: false }).waitFor();
  // The server's plan within 40 credits: 8 of the 12 products, done sooner.
  app.answer(
    'POST /api/bulk-runs/estimate',
    200,
    bulkEstimate(12, 5, { creditBudget: 40, finishInMs: 120_000 }),
  );

  await setValue(page.locator('s-number-field[name="creditBudget"]'), '40');
  // The budget is one of the estimate's inputs: every figure is asked for again with it.
  expect((await app.nextRequest('POST /api/bulk-runs/estimate')).body).toMatchObject({
    creditBudget: 40,
  });
  await fact(page, 'Estimated total').filter({ hasText: '40 credits' }).waitFor();
  await actionButton(page, 'primary-action').click();

  await page.locator('s-admin-action[heading="Confirm bulk run"]').waitFor({ state: 'attached' });
  expect(await fact(page, 'Credit budget').textContent()).toBe('40 credits');
  // 40 credits buy 8 of the 12 products at 5 credits each: the products, the total and the
  // finish time all say what the run will do (the finish time once said 5 minutes here).
  expect(await fact(page, 'To make').textContent()).toBe('8');
  expect(await fact(page, 'Estimated total').textContent()).toBe('40 credits');
  await page
    .locator('s-banner[tone="info"]', { hasText: 'about 4 products will be skipped' })
    .waitFor();
  await page.getByText('Finishes in about 2 minutes', { exact: false }).waitFor();
  expect(await page.getByText('Finishes in about 5 minutes', { exact: false }).count()).toBe(0);
  // Where the results go, from the shop's review setting (off here), before anything starts.
  await page
    .getByText('Results go on the products at once, without review (your Publishing setting).')
    .waitFor();
  expect(app.requests.map((request) => request.route)).not.toContain('POST /api/bulk-runs');

  await actionButton(page, 'primary-action').click();

  expect((await app.nextRequest('POST /api/bulk-runs')).body).toEqual(expected);
  const banner = page.locator('s-banner[tone="success"]');
  await banner.waitFor();
  expect(await banner.getAttribute('heading')).toBe(
    `Bulk run started: ${runNameAsShown('Summer mugs')}`,
  );
  // On the shop's clock (Tokyo), not the machine's: 10:00 UTC is 7 PM there.
  expect(await banner.getAttribute('heading')).toMatch(
    /^Bulk run started: Summer mugs · Jul 1, 7:00 PM( GMT\+9)?$/,
  );
  expect(await banner.locator('s-link').getAttribute('href')).toBe('app:bulk-runs?bulkRun=run-1');
  await actionButton(page, 'primary-action').click();
  expect(await closeCalls()).toBe(1);
});

test('shows why the app refused to start the run, on the confirmation step', async () => {
  const message = 'A bulk run is already running for this collection. Wait for it or cancel it.';
  const { page } = await openCollectionAction((app) =>
    app.answer('POST /api/bulk-runs', 409, { error: 'bulk_run_running', message }),
  );
  await fact(page, 'Estimated total').filter({ hasText: '60 credits' }).waitFor();

  await actionButton(page, 'primary-action').click();
  await page.locator('s-admin-action[heading="Confirm bulk run"]').waitFor({ state: 'attached' });
  await actionButton(page, 'primary-action').click();

  await page.locator('s-banner[tone="critical"]', { hasText: message }).waitFor();
  expect(await page.locator('s-admin-action').getAttribute('heading')).toBe('Confirm bulk run');
  expect(await actionButton(page, 'primary-action').textContent()).toBe('Start bulk run');
});

test('a budget that is not a whole number of credits stops at the form', async () => {
  const { page } = await openCollectionAction();
  await fact(page, 'Estimated total').filter({ hasText: '60 credits' }).waitFor();

  await setValue(page.locator('s-number-field[name="creditBudget"]'), '-5');
  await actionButton(page, 'primary-action').click();

  await page.locator('s-number-field[name="creditBudget"][error]').waitFor({ state: 'attached' });
  expect(await page.locator('s-admin-action').getAttribute('heading')).toBe(
    'Generate photos in bulk',
  );
});

test('a budget below one product’s cost says the least it can be, at the field', async () => {
  const { page } = await openCollectionAction();
  await fact(page, 'Estimated total').filter({ hasText: '60 credits' }).waitFor();

  await setValue(page.locator('s-number-field[name="creditBudget"]'), '3');

  const field = page.locator('s-number-field[name="creditBudget"]');
  await page.locator('s-number-field[name="creditBudget"][error]').waitFor({ state: 'attached' });
  expect(await field.getAttribute('error')).toBe(
    "Enter at least 5 credits: one product's cost, or leave it empty for no budget.",
  );
});

test('says which products it skips and why, and asks again to include those already done', async () => {
  const { page, app } = await openCollectionAction((stand) =>
    stand.answer('POST /api/bulk-runs/estimate', 200, {
      ...bulkEstimate(12, 5),
      toProcess: 7,
      unprocessable: 2,
      alreadyDone: 3,
      estimatedCredits: 35,
      schedule: {
        requestsAhead: 30,
        requestsToFinish: 37,
        requestsPerMinute: 15,
        finishInMs: 180_000,
      },
    }),
  );
  await app.nextRequest('POST /api/bulk-runs/estimate');

  await fact(page, 'To make').filter({ hasText: '7' }).waitFor();
  expect(await fact(page, 'Skipped: no image to work from').textContent()).toBe('2');
  expect(await fact(page, 'Already made with these options').textContent()).toBe('3');
  await page.getByText('Finishes in about 3 minutes', { exact: false }).waitFor();
  await page.getByText('15 requests a minute for every store', { exact: false }).waitFor();

  await setChecked(page.locator('s-checkbox[name="includeDone"]'), true);
  expect((await app.nextRequest('POST /api/bulk-runs/estimate')).body).toMatchObject({
    includeDone: true,
  });
});

test('one photo for each color: asked of the estimate, priced per photo, and sent with the run', async () => {
  // 3 products in colors make 8 photos, 1 product without them makes its one: 9 photos.
  const perColour = {
    ...bulkEstimate(4, 5),
    estimatedCredits: 45,
    outcome: runOutcome({
      productCount: 4,
      noImage: 0,
      alreadyDone: 0,
      includeDone: false,
      options: 1,
      creditsPerProduct: 5,
      creditBudget: null,
      variantExtra: 5,
    }),
    variantSets: { option: null, products: 3, results: 8, single: 1 },
  };
  const expected: CreateBulkRunRequest = {
    target: TARGET,
    kind: 'photo',
    model: 'nanobanana2',
    prompt: 'On a seamless white studio background',
    includeDone: false,
    eachVariant: {},
  };
  const { page, app } = await openCollectionAction((stand) =>
    stand.answer('POST /api/bulk-runs', 202, bulkRun(expected, collection.title)),
  );
  await app.nextRequest('POST /api/bulk-runs/estimate');
  app.answer('POST /api/bulk-runs/estimate', 200, perColour);

  await setChecked(page.locator('s-checkbox[name="eachVariant"]'), true);

  expect((await app.nextRequest('POST /api/bulk-runs/estimate')).body).toMatchObject({
    eachVariant: {},
  });
  await page.getByText('8 colors × 5 credits (3 products in colors)').waitFor();
  await page
    .getByText('1 product without color variants that have their own images: one photo each')
    .waitFor();
  expect(await fact(page, 'Per photo').textContent()).toBe('5 credits');
  expect(await fact(page, 'Estimated total').textContent()).toBe('45 credits');

  await actionButton(page, 'primary-action').click();
  await page.locator('s-admin-action[heading="Confirm bulk run"]').waitFor({ state: 'attached' });
  // The review counts every photo of the sets, as the estimate did.
  expect(await fact(page, 'Estimated total').textContent()).toBe('45 credits');
  await page.getByText('8 colors × 5 credits (3 products in colors)').waitFor();
  await actionButton(page, 'primary-action').click();

  expect((await app.nextRequest('POST /api/bulk-runs')).body).toEqual(expected);
});
