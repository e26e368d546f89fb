/**
 * The Experiments page in the real app: empty at first, with the storefront's setup card and its
 * theme editor deep link; an experiment started from a published photo in Activity's viewer
 * ("Test against the original", then its start form: the defaults filled in, durations checked
 * before anything is sent, the options chosen reaching the server and the card) opens its card,
 * a second start on the product is refused in plain words, and each stop asks first
 * (dismissing leaves it running; confirming ends it keeping the AI photo). A photo that was one
 * of several results of one click is tested with the others the merchant ticks, up to three.
 */
import { expect, test } from 'vitest';
import { DEFAULT_PRESETS } from '../../src/stores/shop-settings.ts';
import { DEMO } from '../../dev/stack.ts';
import { axeViolations } from './support/axe.ts';
import { confirm, confirmation, screenshotBothWidths } from './support/confirm.ts';
import { eventually } from './support/eventually.ts';
import type {
  CreatedGeneration,
  ExperimentList,
  CandidateGroupView,
  ProductDetail,
} from '../../src/app-api/contract.ts';
import {
  appApi,
  generatePhoto,
  productsWithImages,
  RESULT_TIMEOUT_MS,
  waitForProgressState,
} from './support/merchant.ts';
import { browserSuite } from './support/suite.ts';

const suite = browserSuite('experiments', { connectedMerchant: true });

test('with no experiment: the empty state, and the setup card linking to the theme editor', async () => {
  const { admin, stack } = suite;
  await admin.open('/experiments');
  await eventually(() =>
    admin.app.getByRole('heading', { name: 'Experiments', level: 1 }).isVisible(),
  ).toBe(true);
  await eventually(() => admin.app.getByText('Does your AI photo sell better?').isVisible()).toBe(
    true,
  );
  const editor = admin.app.getByRole('link', { name: 'Open the theme editor' });
  expect(await editor.getAttribute('href')).toBe(
    `https://${stack.shop}/admin/themes/current/editor?context=apps&activateAppId=${DEMO.apiKey}/experiments`,
  );
});

test(
  'an experiment started from the viewer shows its card, is refused twice, and stops once confirmed',
  async () => {
    const { admin, stack } = suite;
    const [product] = await productsWithImages(stack);
    await generatePhoto(admin, product!, DEFAULT_PRESETS[0]!.name);
    await waitForProgressState(admin, 'Published');

    await admin.open('/activity');
    const row = admin.app.getByRole('button', { name: `View ${product!.title} larger` }).first();
    await eventually(() => row.isVisible()).toBe(true);
    await row.click();
    await admin.app.getByRole('button', { name: 'Test against the original' }).click();
    const form = admin.app.getByRole('heading', {
      name: 'Test this AI photo against the original',
    });
    await eventually(() => form.isVisible()).toBe(true);
    expect(await admin.app.getByLabel('Minimum duration, in days').inputValue()).toBe('14');
    expect(await admin.app.getByLabel('Maximum duration, in days').inputValue()).toBe('28');
    expect(await admin.app.getByLabel('Make it the featured image').isChecked()).toBe(true);
    await admin.app.getByLabel('Minimum duration, in days').fill('30');
    await admin.app.getByRole('button', { name: 'Start experiment' }).click();
    await eventually(() => admin.app.getByText('At most the maximum duration.').isVisible()).toBe(
      true,
    );
    await admin.app.getByLabel('Minimum duration, in days').fill('14');
    await admin.app.getByLabel('Goal').selectOption('orders');
    await admin.app.getByLabel('Visitors shown each image').selectOption('30');
    // Polaris draws its own radio over the input: the merchant clicks the choice's label.
    await admin.app.locator('label', { hasText: /^Ask me first$/ }).click();
    await admin.app.locator('label', { hasText: /^Is removed from the product/ }).click();
    expect(await admin.app.getByLabel('Ask me first').isChecked()).toBe(true);
    expect(await axeViolations(admin)).toEqual([]);
    await admin.screenshot('experiments-start-form');
    await admin.app.getByRole('button', { name: 'Start experiment' }).click();

    await eventually(() =>
      admin.app.getByRole('heading', { name: 'Experiments', level: 1 }).isVisible(),
    ).toBe(true);
    const card = admin.app.getByRole('region', { name: product!.title });
    await eventually(() => card.isVisible()).toBe(true);
    expect(await card.getByText('Running', { exact: true }).isVisible()).toBe(true);
    expect(
      await card.getByText('Waiting for the first visitors: nothing to compare yet.').isVisible(),
    ).toBe(true);
    expect(
      await card
        .getByText(
          'Order rate, 14 to 28 days. You choose what to keep at the end. ' +
            'The other images are removed from the product; they stay in Files.',
        )
        .isVisible(),
    ).toBe(true);
    const [started] = (await appApi<ExperimentList>(stack, 'GET', '/experiments')).experiments;
    expect(started).toMatchObject({
      goal: 'orders',
      endAction: 'ask',
      losers: 'remove_from_product',
    });
    expect(started!.arms.map((arm) => arm.weight)).toEqual([70, 30]);
    // Each arm's row: its thumbnail beside its name.
    for (const name of ['Original', 'AI photo']) {
      const armRow = card.getByRole('row').filter({ hasText: new RegExp(`^${name}`) });
      expect(await armRow.locator('img').count()).toBe(1);
    }
    expect(await card.getByRole('columnheader', { name: 'Visitors' }).isVisible()).toBe(true);
    // No visitor yet: no chance of being better is shown (the model's prior is not a measure).
    const aiRow = card.getByRole('row').filter({ hasText: /^AI photo/ });
    expect(await aiRow.getByRole('cell').last().textContent()).toBe('–');
    expect(await axeViolations(admin)).toEqual([]);
    await screenshotBothWidths(admin, 'experiments-card');

    // The product is in an experiment now: a second start says so, and what to do.
    admin.allowConsoleErrors(/api\/experiments.*status of 409/);
    await admin.open('/activity');
    await eventually(() => row.isVisible()).toBe(true);
    await row.click();
    await admin.app.getByRole('button', { name: 'Test against the original' }).click();
    await admin.app.getByRole('button', { name: 'Start experiment' }).click();
    await eventually(() =>
      admin.app
        .getByText(
          'This product is already in an experiment: stop it first, on the Experiments page.',
        )
        .isVisible(),
    ).toBe(true);

    await admin.open('/experiments');
    await eventually(() => card.isVisible()).toBe(true);
    await card.getByRole('button', { name: 'Stop and keep the original' }).click();
    const asked = await confirmation(admin, 'Stop the experiment and keep the original?');
    expect(
      await asked.getByText('The original stays the featured image', { exact: false }).isVisible(),
    ).toBe(true);
    expect(await axeViolations(admin)).toEqual([]);
    await confirm(admin, 'Keep running');
    expect(await card.getByText('Running', { exact: true }).isVisible()).toBe(true);

    await card.getByRole('button', { name: 'Stop and keep the AI photo' }).click();
    await confirmation(admin, 'Stop the experiment and keep the AI photo?');
    await confirm(admin, 'Stop and keep the AI photo');
    await eventually(() =>
      card.getByText('Stopped: the AI photo is kept as the featured image.').isVisible(),
    ).toBe(true);
    expect(await card.getByRole('button', { name: /^Stop and keep/ }).count()).toBe(0);
  },
  2 * RESULT_TIMEOUT_MS,
);

/** Three results of one click on the product, all published (asked and chosen through the API). */
async function publishedResultsOfOneClick(
  stack: Parameters<typeof appApi>[0],
  productId: string,
): Promise<string[]> {
  const product = await appApi<ProductDetail>(
    stack,
    'GET',
    `/products/${encodeURIComponent(productId)}`,
  );
  const created = await appApi<CreatedGeneration>(stack, 'POST', '/generations', {
    productId,
    kind: 'photo',
    model: 'nanobanana',
    prompt: 'On a linen tablecloth',
    sourceMediaIds: [product.images[0]!.id],
    options: 3,
  });
  const path = `/option-groups/${created.optionGroup!}`;
  const states = async () =>
    (await appApi<CandidateGroupView>(stack, 'GET', path)).generations.map(
      (option) => option.state,
    );
  await eventually(states, { timeout: RESULT_TIMEOUT_MS, interval: 500 }).toEqual(
    Array(3).fill('in_review'),
  );
  const { generations } = await appApi<CandidateGroupView>(stack, 'GET', path);
  const ids = generations.map((option) => option.id);
  await appApi(stack, 'POST', `${path}/choose`, { generationIds: ids });
  await eventually(states, { timeout: RESULT_TIMEOUT_MS, interval: 500 }).toEqual(
    Array(3).fill('published'),
  );
  return ids;
}

test(
  'a result of a click that made three is tested with another of them, ticked in the form',
  async () => {
    const { admin, stack } = suite;
    const product = (await productsWithImages(stack))[1]!;
    const ids = await publishedResultsOfOneClick(stack, product.id);

    await admin.open('/activity');
    const row = admin.app.getByRole('button', { name: `View ${product.title} larger` }).first();
    await eventually(() => row.isVisible()).toBe(true);
    await row.click();
    await admin.app.getByRole('button', { name: 'Test against the original' }).click();
    await eventually(() =>
      admin.app
        .getByRole('heading', { name: 'Test this AI photo against the original' })
        .isVisible(),
    ).toBe(true);
    const boxes = admin.app.getByRole('checkbox', { name: /^Test option \d$/ });
    await eventually(() => boxes.count()).toBe(3);
    const ticked: boolean[] = [];
    for (let n = 0; n < 3; n += 1) ticked.push(await boxes.nth(n).isChecked());
    expect(ticked.filter(Boolean)).toHaveLength(1);
    const other = ticked.indexOf(false);
    // Polaris draws its own box over the input: the merchant clicks the choice's label.
    await admin.app.locator('label', { hasText: new RegExp(`^Test option ${other + 1}$`) }).click();
    await eventually(() =>
      admin.app
        .getByRole('heading', { name: 'Test these 2 AI photos against the original' })
        .isVisible(),
    ).toBe(true);
    const split = admin.app.getByLabel('Visitors shown each image');
    expect(await split.inputValue()).toBe('70');
    await split.selectOption({ label: '30 % each AI photo, 40 % original' });
    expect(await axeViolations(admin)).toEqual([]);
    await admin.screenshot('experiments-start-form-several');
    await admin.app.getByRole('button', { name: 'Start experiment' }).click();

    await eventually(() =>
      admin.app.getByRole('heading', { name: 'Experiments', level: 1 }).isVisible(),
    ).toBe(true);
    const { experiments } = await appApi<ExperimentList>(stack, 'GET', '/experiments');
    const started = experiments.find((experiment) => experiment.productId === product.id)!;
    expect(started.arms.map((arm) => arm.weight)).toEqual([40, 30, 30]);
    const tested = started.arms.slice(1).map((arm) => arm.generationId);
    expect(tested).toEqual(ids.filter((_, index) => ticked[index] || index === other));
  },
  3 * RESULT_TIMEOUT_MS,
);
