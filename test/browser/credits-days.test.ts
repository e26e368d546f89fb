/**
 * The Overview's credits by day are the shop's days (its Shopify time zone), not UTC's: a shop
 * in Kathmandu (UTC+5:45, a midnight inside a UTC hour) spends just after and just before its
 * midnight, on one of its days, and the chart shows one bar for that day with both spends (on
 * UTC days they fell on two days; on hourly slots the early one fell on the day before).
 */
import { expect, test } from 'vitest';
import { closeRedis, connectRedis } from '../../src/platform/redis/connection.ts';
import { shopDay } from '../../src/app-api/shop-day.ts';
import { zonedToInstant } from '../../src/app-api/zoned-time.ts';
import { photoRequest } from '../support/generations.ts';
import { eventually } from './support/eventually.ts';
import { stackGenerationStore } from './support/stack-generations.ts';
import type { Stack } from './support/stack.ts';
import { browserSuite } from './support/suite.ts';

const suite = browserSuite('credits-days', { connectedMerchant: true, adminEachTest: false });

const SHOP_ZONE = 'Asia/Kathmandu';
const DAY_MS = 86_400_000;

/** Charges `credits` as sent to ProductAI at `at` (ms), through the generation store's patch. */
async function chargeAt(stack: Stack, charges: Array<{ at: number; credits: number }>) {
  const redis = await connectRedis(stack.redis.url, { name: 'browser-test' });
  try {
    const store = stackGenerationStore(redis);
    for (const { at, credits } of charges) {
      // No images: the Overview's recent results would load the request's made-up ones.
      const request = photoRequest(stack.shop, { sourceMediaIds: [], sourceImageUrls: [] });
      const generation = await store.create(request);
      await store.transition(stack.shop, generation.id, { from: ['queued'], to: 'cancelled' });
      await store.patch(stack.shop, generation.id, {
        submittedAt: new Date(at).toISOString(),
        chargedCredits: credits,
      });
    }
  } finally {
    await closeRedis(redis);
  }
}

test('credits are counted on the shop’s days, a spend near its midnight on its own day', async () => {
  const { stack } = suite;
  const zone = await fetch(`${stack.shopify.url}/__emulator/shops/${stack.shop}`, {
    method: 'PATCH',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ ianaTimezone: SHOP_ZONE }),
  });
  expect(zone.ok).toBe(true);
  const day = shopDay(Date.now() - 3 * DAY_MS, SHOP_ZONE);
  await chargeAt(stack, [
    { at: zonedToInstant(`${day}T00:05`, SHOP_ZONE)!, credits: 3 },
    { at: zonedToInstant(`${day}T23:50`, SHOP_ZONE)!, credits: 5 },
  ]);

  const admin = await suite.openAdmin(undefined, { timezoneId: SHOP_ZONE });
  await admin.open('/');
  const label = new Intl.DateTimeFormat('en-US', {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${day}T00:00:00Z`));
  await eventually(() => admin.app.getByText(`8 credits on ${label}.`).count()).toBe(1);
  const rows = admin.app.getByRole('table', { name: 'By day' }).getByRole('row');
  const texts = await rows.allInnerTexts();
  expect(texts.map((text) => text.replace(/\s+/g, ' '))).toEqual([`${label} 8`]);
});
