/**
 * "Start an experiment" on the product page block, rendered from its production bundle against
 * the app stand-in (which holds the request to the contract's StartExperimentRequest): the app
 * home's start form in the block's components for the latest published photo, with up to three
 * results of its click as arms; the durations checked before anything is sent; the server's
 * refusals said in place by their code, in the merchant's language.
 */
import { expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import type { ExperimentView, GenerationView } from '../../src/app-api/contract.ts';
import { generation, NOW, PRODUCT_ID } from './support/fixtures.ts';
import { setChecked, setValue, useHarness, valueOf } from './support/harness.ts';
import type { AppStandIn, Route } from './support/app-stand-in.ts';

const harness = useHarness();

const LIST_ROUTE =
  `GET /api/generations?productId=${encodeURIComponent(PRODUCT_ID)}&limit=20` as Route;
const START_ROUTE: Route = 'POST /api/experiments';

/** A photo on the product; `group`: the click's options it is one of. */
function published(id: string, group: string | null): GenerationView {
  return {
    ...generation({
      productId: PRODUCT_ID,
      kind: 'photo',
      sourceMediaIds: ['gid://shopify/MediaImage/1'],
      model: 'nanobanana2',
      prompt: 'On a seamless white studio background',
    }),
    id,
    state: 'published',
    optionGroup: group,
    result: {
      previewUrl: `https://cdn.example/${id}.png`,
      fileId: null,
      mediaId: `gid://shopify/MediaImage/${id}`,
      mediaType: 'image',
    },
    transitions: [
      { state: 'queued', at: NOW },
      { state: 'published', at: '2026-07-01T10:00:09.000Z' },
    ],
  };
}

/** Generation ids as the app makes them (ULIDs, sorting by creation), the contract's format. */
const GEN = Array.from({ length: 8 }, (_, n) => `01JZ${'0'.repeat(20)}0${n}`);

const page = (generations: GenerationView[]) => ({
  generations,
  nextCursor: null,
  total: generations.length,
});

/** Four results of one click, all published, newest first (as the list answers). */
const FOUR = [GEN[7]!, GEN[6]!, GEN[5]!, GEN[4]!].map((id) => published(id, 'group-1'));

const STARTED: ExperimentView = {
  id: 'exp-1',
  productId: PRODUCT_ID,
  arms: [],
  goal: 'orders',
  minDays: 7,
  maxDays: 28,
  endAction: 'ask',
  losers: 'keep_in_product',
  status: 'running',
  day: 0,
  daysToDecision: null,
  winner: null,
  why: null,
  kept: null,
  completeDays: 0,
  settling: false,
  startedAt: NOW,
  endedAt: null,
};

const START: Record<string, string> = { en: 'Start an experiment', fr: 'Lancer une expérience' };

async function openForm(setUp: (app: AppStandIn) => void, language?: string) {
  const opened = await harness.open('product-progress', [PRODUCT_ID], setUp, language);
  const start = opened.page.getByText(START[language ?? 'en']!, { exact: true });
  await start.waitFor();
  await start.click();
  await opened.page.locator('s-select[name="goal"]').waitFor();
  return opened;
}

/** Which result checkboxes are ticked, in the form's order (the click's, oldest first). */
function ticked(form: Page): Promise<boolean[]> {
  return form.locator('s-checkbox').evaluateAll((all) =>
    all.map((box) => {
      const checked = (box as HTMLElement & { checked?: unknown }).checked;
      return typeof checked === 'boolean' ? checked : box.hasAttribute('checked');
    }),
  );
}

const submit = (form: Page) => form.getByText('Start experiment', { exact: true }).click();

test('starts an experiment on up to three results of the click, with the options chosen', async () => {
  const { page: form, app } = await openForm((stand) => {
    stand.answer(LIST_ROUTE, 200, page(FOUR));
    stand.answer(START_ROUTE, 201, STARTED);
  });

  expect(await form.getByText('Test this AI photo against the original').count()).toBe(1);
  // The click's four results, oldest first: the latest (option 4) ticked.
  expect(await ticked(form)).toEqual([false, false, false, true]);
  expect(await form.locator('s-checkbox').first().getAttribute('label')).toBe('Test option 1');
  await setChecked(form.locator('s-checkbox').nth(0), true);
  await form.getByText('Test these 2 AI photos against the original').waitFor();
  // Two photos: each gets an equal share, the nearest to a third each by default.
  expect(await valueOf(form.locator('s-select[name="split"]'))).toBe('70');
  expect(await form.locator('s-option[value="60"]').textContent()).toBe(
    '30 % each AI photo, 40 % original',
  );
  await setChecked(form.locator('s-checkbox').nth(1), true);
  expect(await ticked(form)).toEqual([true, true, false, true]);
  // Three ticked: the fourth waits for one to be cleared.
  expect(await form.locator('s-checkbox').nth(2).getAttribute('disabled')).not.toBeNull();
  await setChecked(form.locator('s-checkbox').nth(1), false);

  await setValue(form.locator('s-select[name="split"]'), '60');
  await setValue(form.locator('s-select[name="goal"]'), 'orders');
  await setValue(form.locator('s-number-field[name="minDays"]'), '7');
  await setValue(form.locator('s-select[name="endAction"]'), 'ask');
  await submit(form);

  const request = await app.nextRequest(START_ROUTE);
  expect(request.body).toEqual({
    productId: PRODUCT_ID,
    generationIds: [GEN[4]!, GEN[7]!],
    weights: [40, 30, 30],
    goal: 'orders',
    minDays: 7,
    maxDays: 28,
    endAction: 'ask',
    losers: 'keep_in_product',
  });
  const banner = form.locator('s-banner[tone="success"]');
  await banner.waitFor({ state: 'attached' });
  expect(await banner.getAttribute('heading')).toBe('Experiment started');
  expect(await form.getByText('See it on the Experiments page').getAttribute('href')).toBe(
    'app:experiments?experiment=exp-1',
  );
});

test('a photo made alone is tested alone, and durations are checked before anything is sent', async () => {
  const { page: form, app } = await openForm((stand) => {
    stand.answer(LIST_ROUTE, 200, page([published(GEN[2]!, null)]));
    stand.answer(START_ROUTE, 201, STARTED);
  });

  expect(await form.locator('s-checkbox').count()).toBe(0);
  expect(await form.locator('s-option[value="30"]').textContent()).toBe(
    '30 % AI photo, 70 % original',
  );
  await setValue(form.locator('s-number-field[name="minDays"]'), '30');
  await submit(form);
  await form
    .locator('s-number-field[name="minDays"][error="At most the maximum duration."]')
    .waitFor({ state: 'attached' });
  expect(app.requests.some(({ route }) => route === START_ROUTE)).toBe(false);

  await setValue(form.locator('s-number-field[name="minDays"]'), '14');
  await submit(form);
  expect((await app.nextRequest(START_ROUTE)).body).toMatchObject({
    generationIds: [GEN[2]!],
    weights: [50, 50],
  });
});

const HELD = {
  error: 'held_by_campaign',
  message: 'The campaign “Summer sale” decides this product’s featured image until it ends.',
  params: { name: 'Summer sale' },
};

test("the server's refusal is said in place, by its code", async () => {
  const { page: form, app } = await openForm((stand) => {
    stand.answer(LIST_ROUTE, 200, page(FOUR));
    stand.answer(START_ROUTE, 409, { ...HELD, message: 'Reworded since.' });
  });

  await submit(form);
  const banner = form.locator('s-banner[tone="critical"]');
  await banner.waitFor();
  expect(await banner.getAttribute('heading')).toBe('The experiment was not started');
  expect(await banner.textContent()).toBe(HELD.message);
  // Still the form: the merchant can change a choice, or cancel.
  expect(await form.locator('s-select[name="goal"]').count()).toBe(1);

  app.answer(START_ROUTE, 409, {
    error: 'product_in_experiment',
    message: 'This product already has an experiment: stop it before starting another.',
  });
  await submit(form);
  await banner.filter({ hasText: 'This product already has an experiment' }).waitFor();
  await form.getByText('Cancel', { exact: true }).click();
  await form.getByText('Latest on the product').waitFor();
});

test('in French, the form and the refusal read in French', async () => {
  const { page: form } = await openForm((stand) => {
    stand.answer(LIST_ROUTE, 200, page(FOUR));
    stand.answer(START_ROUTE, 409, HELD);
  }, 'fr');

  await form.getByText('Tester cette photo IA face à l’originale').waitFor();
  await form.getByText('Lancer l’expérience', { exact: true }).click();
  const banner = form.locator('s-banner[tone="critical"]');
  await banner.waitFor();
  expect(await banner.textContent()).toContain('« Summer sale »');
  expect(await banner.textContent()).not.toContain('decides');
});
