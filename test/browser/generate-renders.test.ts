/**
 * Switching kinds on Generate renders the form again, not the cards the switch does not change:
 * the progress card with its result stays as it is (memoized, its handlers the same functions
 * from render to render). Before, each switch rendered the whole page again, the result's
 * pictures included (a 151 ms task at load 21, under a 232 ms click).
 */
import { expect, test } from 'vitest';
import { eventually } from './support/eventually.ts';
import { appFrame } from './support/keyboard.ts';
import {
  generatePhoto,
  productsWithImages,
  RESULT_TIMEOUT_MS,
  waitForProgressState,
} from './support/merchant.ts';
import { recordRenders, renders } from './support/renders.ts';
import { browserSuite } from './support/suite.ts';

const suite = browserSuite('generate-renders', { connectedMerchant: true });

test(
  'a switch of kind leaves the progress card and its result unrendered',
  async () => {
    const { admin, stack } = suite;
    const [product] = await productsWithImages(stack);
    await recordRenders(admin);
    await generatePhoto(admin, product!, 'Studio white');
    await waitForProgressState(admin, 'Published');
    await eventually(() => admin.app.getByTestId('pixel-sizes').isVisible(), {
      timeout: RESULT_TIMEOUT_MS,
    }).toBe(true);
    const frame = await appFrame(admin);
    const before = (await renders(frame)).length;

    for (const kind of ['Video', 'Photo']) {
      await admin.app.getByRole('button', { name: kind, exact: true }).click();
      await eventually(() =>
        admin.app.getByRole('button', { name: kind, exact: true, pressed: true }).count(),
      ).toBe(1);
    }
    const switches = (await renders(frame)).slice(before);
    expect(switches.length).toBeGreaterThan(0);
    // The result's before and after.
    const figures = switches.map((commit) => commit.figure ?? 0);
    expect(figures, JSON.stringify(switches)).toEqual(figures.map(() => 0));
  },
  2 * RESULT_TIMEOUT_MS,
);
