/**
 * GET /api/shop: the shop's clock, Shopify's `ianaTimezone`, which every date the app home and
 * the extensions show is on. The rules' day and the campaigns' times read the same one.
 */
import { describe, expect, it } from 'vitest';
import type { CampaignList } from '../../src/app-api/campaigns.ts';
import type { ShopView } from '../../src/app-api/contract.ts';
import type { RulesOverview } from '../../src/app-api/rules.ts';
import { apiHarness } from './support/api-harness.ts';

const harness = apiHarness();

describe('GET /api/shop', () => {
  it('answers the shop and its Shopify time zone', async () => {
    const shop = await harness.newShop();
    const { status, body } = await shop.api<ShopView>('GET', '/shop');
    expect(status).toBe(200);
    expect(body).toEqual({ shop: shop.shop, timeZone: 'America/New_York' });
  });

  it('is the clock the rules’ day and the campaigns are on', async () => {
    const shop = await harness.newShop();
    await harness.app.shopifyControl('PATCH', `/shops/${shop.shop}`, {
      ianaTimezone: 'Pacific/Kiritimati',
    });
    const [clock, rules, campaigns] = await Promise.all([
      shop.api<ShopView>('GET', '/shop'),
      shop.api<RulesOverview>('GET', '/rules'),
      shop.api<CampaignList>('GET', '/campaigns'),
    ]);
    expect(clock.body.timeZone).toBe('Pacific/Kiritimati');
    expect(rules.body.timeZone).toBe('Pacific/Kiritimati');
    expect(campaigns.body.timeZone).toBe('Pacific/Kiritimati');
    // UTC+14: the shop's day is the one its own clock reads, not the server's.
    const kiritimatiDay = new Date(Date.now() + 14 * 3_600_000).toISOString().slice(0, 10);
    expect(rules.body.day).toBe(kiritimatiDay);
  });
});
