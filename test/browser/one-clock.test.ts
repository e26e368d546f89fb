/**
 * One clock: every date the merchant reads is on the shop's (its Shopify time zone), whatever the
 * browser's, and carries the zone's name where the browser's clock would read another time
 * (on two clocks unlabelled, a rule card's "Today (Nov 28)" sits beside Activity's
 * "Nov 29, 04:27 AM" for the same moment). The shop here is in Tokyo, nine hours from the
 * machine's clock; the merchant's browser is in New York, then in Tokyo too.
 */
import { expect, test } from 'vitest';
import type { BulkRunView, GenerationPage, ProductDetail } from '../../src/app-api/contract.ts';
import { bulkRunName } from '../../src/app-api/bulk-run-name.ts';
import { formatShopTime, type FormatDate } from '../../src/app-api/shop-time.ts';
import { instantToZoned } from '../../src/app-api/zoned-time.ts';
import { SUMMER_RULE } from '../support/summer-rule.ts';
import { eventually } from './support/eventually.ts';
import { appApi, productsWithImages } from './support/merchant.ts';
import type { Stack } from './support/stack.ts';
import { browserSuite } from './support/suite.ts';

const suite = browserSuite('one-clock', { connectedMerchant: true, adminEachTest: false });

const SHOP_ZONE = 'Asia/Tokyo';
/** As the app home writes in the browser's default language (en-US). */
const english: FormatDate = (date, options) =>
  new Intl.DateTimeFormat('en-US', options).format(date);

/** "Jul 1": today on the shop's clock, as the rule card writes a day. */
function shopToday(): string {
  const day = instantToZoned(Date.now(), SHOP_ZONE).slice(0, 10);
  return english(new Date(`${day}T00:00:00Z`), { month: 'short', day: 'numeric', timeZone: 'UTC' });
}

/** A bulk run and a generation of the shop's, and a rule with a daily cap. */
async function shopWithDates(stack: Stack) {
  // The owner's setting in Shopify, before the app first reads it.
  const zone = await fetch(`${stack.shopify.url}/__emulator/shops/${stack.shop}`, {
    method: 'PATCH',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ ianaTimezone: SHOP_ZONE }),
  });
  expect(zone.ok).toBe(true);
  const [product] = await productsWithImages(stack);
  const detail = await appApi<ProductDetail>(
    stack,
    'GET',
    `/products/${encodeURIComponent(product!.id)}`,
  );
  await appApi(stack, 'POST', '/generations', {
    productId: detail.id,
    kind: 'photo',
    model: 'nanobanana',
    prompt: 'On a marble counter',
    sourceMediaIds: [detail.images[0]!.id],
  });
  await appApi(stack, 'POST', '/bulk-runs', {
    target: { type: 'products', productIds: [detail.id] },
    kind: 'photo',
    model: 'nanobanana',
    prompt: 'On warm wood',
    includeDone: true,
  });
  await appApi(stack, 'POST', '/rules', SUMMER_RULE);
  const [run] = (await appApi<{ bulkRuns: BulkRunView[] }>(stack, 'GET', '/bulk-runs')).bulkRuns;
  const { generations } = await appApi<GenerationPage>(stack, 'GET', '/generations?limit=50');
  return { run: run!, generation: generations.at(-1)! };
}

test('every date is on the shop’s clock, named where the browser’s reads otherwise', async () => {
  const { stack } = suite;
  const { run, generation } = await shopWithDates(stack);

  // A merchant in New York: every date is Tokyo's, and says so.
  const away = { timeZone: SHOP_ZONE, viewerTimeZone: 'America/New_York' };
  const admin = await suite.openAdmin(undefined, { timezoneId: 'America/New_York' });
  {
    await admin.open('/bulk-runs');
    const name = bulkRunName(run, away, english);
    expect(name).toMatch(/ GMT\+9$/);
    await eventually(() => admin.app.getByRole('heading', { name, exact: true }).count()).toBe(1);

    await admin.open('/activity');
    const shown = formatShopTime(generation.createdAt, away, english);
    await eventually(() =>
      admin.app.locator(`time[datetime="${generation.createdAt}"]`).first().getAttribute('title'),
    ).toBe(shown);
    // The run filter names the run as its card does.
    await eventually(() => admin.app.locator('option', { hasText: name }).count()).toBe(1);

    await admin.open('/settings');
    await eventually(async () =>
      admin.app.getByText(`Today (${shopToday()}, store time):`, { exact: false }).count(),
    ).toBe(1);
    await admin.screenshot('one-clock-away');
  }

  // A merchant in Tokyo reads the same times, with nothing to tell apart.
  const home = { timeZone: SHOP_ZONE, viewerTimeZone: SHOP_ZONE };
  const local = await suite.openAdmin(undefined, { timezoneId: SHOP_ZONE });
  {
    const name = bulkRunName(run, home, english);
    expect(name).not.toMatch(/GMT/);
    await local.open('/bulk-runs');
    await eventually(() => local.app.getByRole('heading', { name, exact: true }).count()).toBe(1);
    await local.open('/settings');
    await eventually(async () =>
      local.app.getByText(`Today (${shopToday()}):`, { exact: false }).count(),
    ).toBe(1);
  }
});
