/**
 * A paid result is never paid again, as the merchant sees it: a photo ProductAI made whose saving
 * failed offers "Save again — no new credits" beside "Make a new one" (which asks first, with its
 * cost), and saving it again puts it on the product without a new charge. Real app, real
 * pipeline, both emulators, in Chromium inside the admin frame.
 */
import { expect, test } from 'vitest';
import {
  RESULT_TIMEOUT_MS,
  generatePhoto,
  productsWithImages,
  setReviewMode,
  waitForProgressState,
} from './support/merchant.ts';
import { confirm, confirmation } from './support/confirm.ts';
import { eventually } from './support/eventually.ts';
import { browserSuite } from './support/suite.ts';
import { productAiControlAt } from '../support/productai-accounts.ts';

const suite = browserSuite('save-again', { connectedMerchant: true });

async function credits(): Promise<number> {
  const { stack } = suite;
  const control = productAiControlAt(stack.productAi.url);
  const account = (await control('GET', `/accounts/${stack.productAiKey}`)) as { credits: number };
  return account.credits;
}

test(
  'a result whose saving failed is saved again for no credits, after saying so on its button',
  async () => {
    const { admin, stack } = suite;
    const [item] = await productsWithImages(stack);
    await setReviewMode(admin, false);
    // Shopify's processing of this shop's next media fails: saving fails after ProductAI charged.
    // (The emulator serves this test process's other files too: the fault waits for this shop.)
    await fetch(`${stack.shopify.url}/__emulator/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ mediaFailNext: 1, shop: stack.shop }),
    });

    await generatePhoto(admin, item!, 'Studio white');
    await waitForProgressState(admin, 'Failed');
    const saveAgain = admin.app.getByRole('button', {
      name: `Save again — no new credits: ${item!.title}`,
    });
    const makeNew = admin.app.getByRole('button', { name: `Make a new one: ${item!.title}` });
    await eventually(() => saveAgain.isVisible()).toBe(true);
    expect(await makeNew.isVisible()).toBe(true);
    await admin.screenshot('save-again-offered');

    // Make a new one asks first, with what it costs.
    await makeNew.click();
    const asking = await confirmation(admin, `Make a new one for “${item!.title}”?`);
    expect(
      await asking.getByText(/^A new request to ProductAI, charged \d+ credits?\.$/).isVisible(),
    ).toBe(true);
    await confirm(admin, 'Cancel');

    const before = await credits();
    await saveAgain.click();
    // Saved in the shop's turn at attach and verify, which the browser files share: behind
    // another file's bulk run at load 10 a clean clone's save took over a minute.
    await waitForProgressState(admin, 'Published', 2 * RESULT_TIMEOUT_MS);
    expect(await credits()).toBe(before);

    // Activity's row of the failed one offers the same, inside a phone's width too.
    await admin.open('/activity?state=failed');
    await admin.page.setViewportSize({ width: 375, height: 812 });
    const rowButton = admin.app.getByRole('button', {
      name: `Save again — no new credits: ${item!.title}`,
    });
    await eventually(() => rowButton.isVisible()).toBe(true);
    await admin.screenshot('save-again-activity-375');
    await admin.page.setViewportSize({ width: 1280, height: 900 });
  },
  4 * RESULT_TIMEOUT_MS,
);
