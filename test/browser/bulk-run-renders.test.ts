/**
 * Starting a bulk run, the two clicks' own commits render the confirmation alone: opening it does
 * not render the form that asked, and confirming closes it first, the run's "Starting" card, the
 * pending button and the page around them following as a transition. Before, each click rendered
 * the whole form (its fields, pickers and estimate) and the page inside the click (312-520 ms
 * at load 11-16).
 */
import { expect, test } from 'vitest';
import { eventually } from './support/eventually.ts';
import { appFrame } from './support/keyboard.ts';
import { pickInResourcePicker, smallestCollection } from './support/merchant.ts';
import { clickCommit, markNextClick, recordRenders } from './support/renders.ts';
import { browserSuite } from './support/suite.ts';

const suite = browserSuite('bulk-run-renders', { connectedMerchant: true });

/** The form's own elements: none of them is in the confirmation. */
const FORM = ['input', 'select', 'textarea'];

test('opening and answering the start confirmation leave the form unrendered in the click', async () => {
  const { admin, stack } = suite;
  await recordRenders(admin);
  await admin.open('/bulk-runs');
  const frame = await appFrame(admin);
  await admin.app.getByRole('button', { name: 'Select collection' }).click();
  const collection = await smallestCollection(stack, 2);
  await pickInResourcePicker(admin, 'Select collection', collection);
  await admin.app.getByLabel('Preset').selectOption({ label: 'Studio white' });
  const start = admin.app.getByRole('button', { name: 'Start bulk run' });
  await eventually(() => start.isEnabled(), { timeout: 10_000 }).toBe(true);

  await markNextClick(frame);
  await start.click();
  const dialog = admin.app.locator('dialog[open]');
  await eventually(() => dialog.count()).toBe(1);
  await eventually(() => clickCommit(frame)).toBeDefined();
  const opening = (await clickCommit(frame))!;
  expect(opening.button, JSON.stringify(opening)).toBeGreaterThan(0);
  expect(
    FORM.map((tag) => opening[tag] ?? 0),
    JSON.stringify(opening),
  ).toEqual([0, 0, 0]);

  await markNextClick(frame);
  await dialog.getByRole('button', { name: 'Start bulk run', exact: true }).click();
  await eventually(() => dialog.count()).toBe(0);
  await eventually(() => clickCommit(frame)).toBeDefined();
  const confirming = (await clickCommit(frame))!;
  expect(
    FORM.map((tag) => confirming[tag] ?? 0),
    JSON.stringify(confirming),
  ).toEqual([0, 0, 0]);
  // The run still starts: its card comes with the transition.
  const card = admin.app.getByRole('heading', { name: new RegExp(collection) });
  await eventually(() => card.isVisible(), { timeout: 10_000 }).toBe(true);
});
