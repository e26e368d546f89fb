/**
 * Generate's result box is held from the start of the work at the aspect ratio the merchant
 * chose, under the progress bar: the result's arrival, its picture loading, its pixel sizes and
 * the words of each state (they wrap to more lines in the narrow column) move neither it nor
 * what is above it (before, the card grew by the result's height when it came, and the
 * state's words and the check's summary above it pushed it down).
 */
import { expect, test } from 'vitest';
import { eventually } from './support/eventually.ts';
import {
  pickInResourcePicker,
  productsWithImages,
  RESULT_TIMEOUT_MS,
  waitForProgressState,
} from './support/merchant.ts';
import { browserSuite } from './support/suite.ts';

const suite = browserSuite('result-box', { connectedMerchant: true });

test(
  'the result’s place is held at its aspect ratio before it arrives; nothing moves when it loads',
  async () => {
    const { admin, stack } = suite;
    const [product] = await productsWithImages(stack);
    await admin.open('/generate');
    await admin.app.getByRole('button', { name: 'Select product' }).click();
    await pickInResourcePicker(admin, 'Select product', product!.title);
    await admin.app.getByLabel('Preset').selectOption({ label: 'Studio white' });
    await admin.app.getByLabel('Aspect ratio').selectOption({ label: 'Landscape' });
    await admin.app.getByRole('button', { name: /^Generate photo for \d+ credits?$/ }).click();

    const after = admin.app.locator('figure', { hasText: 'After' }).locator('img, div').first();
    const bar = admin.app.getByRole('progressbar');
    await eventually(() => after.isVisible()).toBe(true);
    const held = await after.boundingBox();
    const above = await bar.boundingBox();
    // 3:2, as ProductAI makes LANDSCAPE.
    expect(held!.width / held!.height).toBeCloseTo(1.5, 1);

    await waitForProgressState(admin, 'Published');
    const result = admin.app.getByRole('img', { name: /generated image/ });
    await eventually(() => result.evaluate((image: HTMLImageElement) => image.naturalWidth), {
      timeout: RESULT_TIMEOUT_MS,
    }).toBeGreaterThan(0);
    await eventually(() => admin.app.getByTestId('pixel-sizes').isVisible()).toBe(true);
    expect(await result.boundingBox()).toEqual(held);
    expect(await bar.boundingBox()).toEqual(above);
    const natural = await result.evaluate((image: HTMLImageElement) => [
      image.naturalWidth,
      image.naturalHeight,
    ]);
    expect(natural[0]! / natural[1]!).toBeCloseTo(1.5, 1);
  },
  2 * RESULT_TIMEOUT_MS,
);
