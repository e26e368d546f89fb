/**
 * Every page of the app home, as a merchant first sees it (no API key yet): it renders in the
 * admin frame on desktop and on a phone, says what to do first, and logs no console error.
 * Writes the screenshots of each page to test-artifacts/screenshots/.
 */
import { describe, expect, test } from 'vitest';
import { browserSuite } from './support/suite.ts';
import { eventually } from './support/eventually.ts';

const PAGES = [
  { path: '/', name: 'overview', heading: 'Overview', firstStep: 'Connect your ProductAI account' },
  {
    path: '/generate',
    name: 'generate',
    heading: 'Generate',
    firstStep: 'Add your ProductAI API key first',
  },
  {
    path: '/activity',
    name: 'activity-empty',
    heading: 'Activity',
    firstStep: 'No generations yet',
  },
  {
    path: '/bulk-runs',
    name: 'bulk-runs',
    heading: 'Bulk runs',
    firstStep: 'Give a whole collection new photos',
  },
  {
    path: '/settings',
    name: 'settings-first-visit',
    heading: 'Settings',
    firstStep: 'ProductAI API key',
  },
] as const;

const VIEWPORTS = {
  desktop: { width: 1280, height: 900 },
  mobile: { width: 390, height: 844 },
} as const;

const suite = browserSuite('pages', { adminEachTest: false });

for (const [device, viewport] of Object.entries(VIEWPORTS)) {
  describe(`on ${device}`, () => {
    for (const page of PAGES) {
      test(`${page.heading} says what to do first`, async () => {
        const admin = await suite.openAdmin(viewport);
        await admin.open(page.path);
        await eventually(() =>
          admin.app.getByRole('heading', { name: page.heading, level: 1 }).isVisible(),
        ).toBe(true);
        await eventually(() => admin.app.getByText(page.firstStep).first().isVisible()).toBe(true);
        await admin.screenshot(`${page.name}${device === 'mobile' ? '-mobile' : ''}`);
      });
    }
  });
}

test("the admin's sidebar moves between the app's pages without reloading it", async () => {
  const admin = await suite.openAdmin();
  await admin.open('/');
  await eventually(() => admin.app.getByRole('heading', { name: 'Overview' }).isVisible()).toBe(
    true,
  );
  await admin.app.locator('body').evaluate(() => {
    (window as Window & { sameDocument?: boolean }).sameDocument = true;
  });
  for (const name of ['Generate', 'Activity', 'Bulk runs', 'Settings']) {
    await admin.page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name }).click();
    await eventually(() => admin.app.getByRole('heading', { name, level: 1 }).isVisible()).toBe(
      true,
    );
  }
  const sameDocument = await admin.app
    .locator('body')
    .evaluate(() => (window as Window & { sameDocument?: boolean }).sameDocument);
  expect(sameDocument).toBe(true);
});

test('the demo store’s products and their media are one click away in the admin', async () => {
  const admin = await suite.openAdmin();
  await admin.open('/products');
  await admin.page.getByRole('table').getByRole('link').first().click();
  await eventually(() => admin.page.locator('iframe.product-frame').isVisible()).toBe(true);
  await admin.screenshot('admin-product-media');
});
