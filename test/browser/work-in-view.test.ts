/**
 * Work the merchant just started stays in view: a new bulk run's card is brought into view (the
 * form that starts it is at the bottom of the page), and the Generate page keeps the generation
 * it follows in its URL, so a reload or a visit to another page and back shows its progress and
 * result again, beside the inputs the merchant set (they once came back as the defaults).
 */
import { expect, test } from 'vitest';
import {
  RESULT_TIMEOUT_MS,
  smallestCollection,
  followedGeneration,
  generatePhoto,
  pickInResourcePicker,
  productsWithImages,
  waitForProgressState,
} from './support/merchant.ts';
import { confirm } from './support/confirm.ts';
import { browserSuite } from './support/suite.ts';
import { eventually } from './support/eventually.ts';

const suite = browserSuite('work-in-view', { connectedMerchant: true, adminEachTest: false });

test(
  'the Generate page brings its generation back after a reload and after a visit to Activity',
  async () => {
    const admin = await suite.openAdmin();
    const [product] = await productsWithImages(suite.stack);
    await generatePhoto(admin, product!, 'Studio white');
    const progress = admin.app.getByRole('heading', { name: `Photo for ${product!.title}` });
    await eventually(() => progress.isVisible()).toBe(true);
    await eventually(() => admin.page.url()).toMatch(/generation%3D/);

    await admin.page.reload();
    await eventually(() => progress.isVisible()).toBe(true);
    await waitForProgressState(admin, 'Published');
    const after = admin.app.getByRole('img', { name: `${product!.title}: generated image` });
    await eventually(() => after.isVisible()).toBe(true);

    await admin.page.getByRole('link', { name: 'Activity' }).click();
    await eventually(() => admin.app.getByRole('heading', { name: 'Activity' }).isVisible()).toBe(
      true,
    );
    await admin.page.getByRole('link', { name: 'Generate' }).click();
    await eventually(() => progress.isVisible()).toBe(true);
    await eventually(() => after.isVisible()).toBe(true);

    // Closed, it stays closed: the menu opens an empty form again.
    await admin.app.getByRole('button', { name: 'Close' }).click();
    await eventually(() => progress.count()).toBe(0);
    await admin.page.getByRole('link', { name: 'Activity' }).click();
    await admin.page.getByRole('link', { name: 'Generate' }).click();
    await eventually(() =>
      admin.app.getByRole('button', { name: 'Select product' }).isVisible(),
    ).toBe(true);
    expect(await progress.count()).toBe(0);
  },
  3 * RESULT_TIMEOUT_MS,
);

test('the Generate page keeps the prompt, model, aspect ratio and results across a reload', async () => {
  const admin = await suite.openAdmin();
  const [, product] = await productsWithImages(suite.stack);
  await admin.open('/generate');
  await admin.app.getByRole('button', { name: 'Select product' }).click();
  await pickInResourcePicker(admin, 'Select product', product!.title);
  await eventually(() =>
    admin.app.getByText(product!.title, { exact: true }).first().isVisible(),
  ).toBe(true);
  const model = admin.app.getByLabel('Model', { exact: true });
  const prompt = admin.app.getByLabel('Prompt', { exact: true });
  const aspectRatio = admin.app.getByLabel('Aspect ratio');
  const results = admin.app.getByLabel('Results', { exact: true });
  await model.selectOption('nanobananapro');
  await prompt.fill('On a teal velvet cushion, soft window light');
  await aspectRatio.selectOption('PORTRAIT');
  await results.selectOption({ label: '2 results to choose from' });
  const before = await followedGeneration(admin);
  await admin.app.getByRole('button', { name: /^Generate photo for \d+ credits$/ }).click();
  await eventually(async () => {
    const now = await followedGeneration(admin);
    return now !== null && now !== before;
  }).toBe(true);

  await admin.page.reload();
  await eventually(() =>
    admin.app.getByText(product!.title, { exact: true }).first().isVisible(),
  ).toBe(true);
  await eventually(() => prompt.inputValue()).toBe('On a teal velvet cushion, soft window light');
  expect(await model.inputValue()).toBe('nanobananapro');
  expect(await aspectRatio.inputValue()).toBe('PORTRAIT');
  expect(await results.inputValue()).toBe('2');
});

test('starting a bulk run brings its card into view, its heading focused', async () => {
  // Short enough that the form's button is below the run cards' place.
  const admin = await suite.openAdmin({ width: 1280, height: 700 });
  const collection = { title: await smallestCollection(suite.stack) };
  await admin.open('/bulk-runs');
  await admin.app.getByRole('button', { name: 'Select collection' }).click();
  await pickInResourcePicker(admin, 'Select collection', collection!.title);
  await admin.app.getByLabel('Preset').selectOption({ label: 'Studio white' });
  const start = admin.app.getByRole('button', { name: 'Start bulk run' });
  await eventually(() => start.isEnabled()).toBe(true);
  await start.click();
  await confirm(admin, 'Start bulk run');

  const heading = admin.app.getByRole('heading', { name: collection!.title });
  await eventually(() =>
    heading.evaluate((element) => {
      const box = element.getBoundingClientRect();
      return box.top >= 0 && box.bottom <= window.innerHeight && document.activeElement === element;
    }),
  ).toBe(true);
  expect(admin.page.url()).toMatch(/bulkRun%3D|bulkRun=/);
});
