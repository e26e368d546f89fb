/**
 * The Overview opens with a setup guide that ticks itself off from the shop's real state: the
 * ProductAI key saved, the webhook connected, the first photo on a product; once all three are
 * done it can be dismissed, and stays dismissed for the shop, in another browser too (it was
 * kept in the browser's storage, and came back elsewhere).
 */
import { expect, test } from 'vitest';
import { openAdminPage, type AdminPage } from './support/browser.ts';
import {
  connectWebhook,
  generatePhoto,
  productsWithImages,
  saveApiKey,
} from './support/merchant.ts';
import { browserSuite } from './support/suite.ts';
import { eventually } from './support/eventually.ts';

const suite = browserSuite('setup-guide');

function guide(admin: AdminPage) {
  return admin.app.getByRole('region', { name: 'Setup guide' });
}

/** The guide's count, as the merchant reads it ("1 of 3 tasks done"). */
async function doneCount(admin: AdminPage): Promise<string | null> {
  const text = await guide(admin)
    .getByText(/\d of 3 tasks done/)
    .textContent();
  return text?.trim() ?? null;
}

/** Which tasks the guide shows as done, by their titles. */
async function doneTasks(admin: AdminPage): Promise<string[]> {
  return guide(admin)
    .locator('li')
    .evaluateAll((items) =>
      items
        .filter((item) => item.textContent?.includes('Done'))
        .map((item) => item.querySelector('h3')?.textContent ?? ''),
    );
}

test('ticks off the key, the webhook and the first photo, then can be dismissed', async () => {
  const { admin, stack } = suite;
  await admin.open('/');
  await eventually(() => doneCount(admin)).toBe('0 of 3 tasks done');
  expect(await guide(admin).getByRole('link', { name: 'Open Settings' }).isVisible()).toBe(true);
  expect(await guide(admin).getByRole('button', { name: 'Dismiss the setup guide' }).count()).toBe(
    0,
  );
  await admin.screenshot('setup-guide-start');

  await saveApiKey(admin, stack.productAiKey);
  await eventually(() => admin.app.getByText('Valid', { exact: true }).isVisible()).toBe(true);
  await admin.open('/');
  await eventually(() => doneCount(admin)).toBe('1 of 3 tasks done');
  expect(await doneTasks(admin)).toEqual(['Save your ProductAI API key']);

  await connectWebhook(admin, stack);
  await admin.open('/');
  await eventually(() => doneCount(admin)).toBe('2 of 3 tasks done');
  expect(await doneTasks(admin)).toEqual([
    'Save your ProductAI API key',
    'Connect the ProductAI webhook',
  ]);

  const [product] = await productsWithImages(stack);
  await generatePhoto(admin, product!, 'Studio white');
  await eventually(() =>
    admin.app.getByRole('heading', { name: `Photo for ${product!.title}` }).isVisible(),
  ).toBe(true);
  // The Overview refreshes itself: the last task ticks off while it is on screen.
  await admin.open('/');
  await eventually(() => doneCount(admin), { timeout: 60_000, interval: 500 }).toBe(
    '3 of 3 tasks done',
  );
  expect(await doneTasks(admin)).toHaveLength(3);
  await admin.screenshot('setup-guide-done');

  // Dismissed on the server: the page hides it at once, and the app answers that it is kept.
  const kept = admin.page.waitForResponse(
    (response) => response.url().endsWith('/api/setup-guide/dismiss') && response.ok(),
  );
  await guide(admin).getByRole('button', { name: 'Dismiss the setup guide' }).click();
  await kept;
  await eventually(() => guide(admin).count()).toBe(0);
  await admin.open('/');
  await eventually(() =>
    admin.app.getByRole('heading', { name: 'Connection to ProductAI' }).isVisible(),
  ).toBe(true);
  expect(await guide(admin).count()).toBe(0);

  // Another browser (nothing of the first one's storage): the guide stays dismissed.
  const elsewhere = await openAdminPage(suite.browser, stack.frameUrl);
  try {
    await elsewhere.open('/');
    await eventually(() =>
      elsewhere.app.getByRole('heading', { name: 'Connection to ProductAI' }).isVisible(),
    ).toBe(true);
    expect(await guide(elsewhere).count()).toBe(0);
    expect(elsewhere.unexpectedConsoleErrors()).toEqual([]);
  } finally {
    await elsewhere.close();
  }
});
