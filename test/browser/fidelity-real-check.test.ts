/**
 * The real product check where the merchant meets it: ProductAI (its emulator, ordered to)
 * recolours the product in a result, the worker's real check (one thread, FIDELITY_THREADS=1)
 * holds it as changed, and the large viewer says why in plain words above the pictures and
 * outlines where, at 1280 and 375 px (test-artifacts/screenshots/fidelity-real-change-*.png;
 * docs/fidelity-changed-*.png are this test's).
 * The pages' other cases, with scripted reports: fidelity.test.ts.
 */
import { expect, test } from 'vitest';
import { productAiControlAt } from '../support/productai-accounts.ts';
import { eventually } from './support/eventually.ts';
import {
  generatePhoto,
  productsWithImages,
  RESULT_TIMEOUT_MS,
  setReviewMode,
  waitForProgressState,
} from './support/merchant.ts';
import { browserSuite } from './support/suite.ts';

const suite = browserSuite('fidelity-real', { connectedMerchant: true, realCheck: true });

test(
  'a product ProductAI recoloured is held by the real check, its reason and outline in the viewer',
  async () => {
    const { admin, stack } = suite;
    await setReviewMode(admin, true);
    const [product] = await productsWithImages(stack);
    // ProductAI's next result for this account recolours the product; the stack's worker runs
    // the real check (no report written by the test).
    await productAiControlAt(stack.productAi.url)(
      'POST',
      `/accounts/${stack.productAiKey}/changes`,
      {
        kind: 'recolour',
        strength: 1,
      },
    );
    await generatePhoto(admin, product!, 'Studio white');
    await waitForProgressState(admin, 'Ready for review');

    await admin.open('/activity?state=in_review');
    const row = admin.app.getByRole('row').filter({ hasText: product!.title });
    await eventually(() => row.getByText('Changed', { exact: true }).isVisible()).toBe(true);
    await row.getByRole('button', { name: /^View .* larger/ }).click();
    const viewer = admin.app.getByRole('dialog');
    await eventually(() => viewer.getByTestId('fidelity-outline').isVisible()).toBe(true);
    const reason = viewer.getByText(/^the (product|[a-z ]+ part) has another colour/);
    expect(await reason.isVisible()).toBe(true);
    expect(await viewer.textContent()).not.toMatch(/ΔE|\d %|score/i);
    await admin.screenshot('fidelity-real-change-viewer');
    await admin.page.setViewportSize({ width: 375, height: 800 });
    // The admin's sidebar slides away on a narrow screen: wait until it is off screen.
    const sidebar = admin.page.locator('.sidebar');
    await eventually(async () => {
      const box = await sidebar.boundingBox();
      return box ? box.x + box.width : 0;
    }).toBeLessThanOrEqual(0);
    // On a phone the reason is read first: on screen, above the pictures.
    expect((await reason.boundingBox())!.y).toBeLessThan(800);
    await admin.screenshot('fidelity-real-change-viewer-375');
    await admin.page.setViewportSize({ width: 1280, height: 900 });
  },
  4 * RESULT_TIMEOUT_MS,
);
