/**
 * The campaigns service (src/features/campaigns/service.ts), called directly on the app the server runs:
 * what the routes no longer decide themselves. No campaign worker runs, so a campaign stays
 * scheduled. (Campaigns end to end over HTTP: the other files of this folder.)
 */
import { describe, expect, it } from 'vitest';
import { systemClock } from '../../../src/platform/clock.ts';
import { campaignRequest, productsWithImages } from './support/campaigns.ts';
import { startTestApp } from '../../support/app.ts';

const app = await startTestApp();
const campaigns = app.deps.features.campaigns;

/** A new shop whose products the app can read, and a campaign request over one of them. */
async function shopWithRequest(options: { apiKey: boolean }) {
  const shop = app.newShop();
  await app.deps.offlineTokens.ensure(shop, app.sessionToken(shop));
  if (options.apiKey) await app.deps.settings.saveApiKey(shop, 'pk_campaigns');
  const request = campaignRequest(systemClock, await productsWithImages(app, shop, 1));
  return { shop, request };
}

describe('the campaigns service', () => {
  it('schedules nothing for a shop without a ProductAI key', async () => {
    const { shop, request } = await shopWithRequest({ apiKey: false });

    await expect(campaigns.create(shop, request)).rejects.toMatchObject({
      kind: 'invalid',
      code: 'api_key_missing',
    });
    expect((await campaigns.list(shop)).campaigns).toEqual([]);
  });

  it("follows the shop's review setting when the request makes no review choice", async () => {
    const { shop, request } = await shopWithRequest({ apiKey: true });
    const { reviewFirst: _choice, ...unchosen } = request;
    await app.deps.settings.update(shop, { reviewMode: true });

    const reviewed = await campaigns.create(shop, unchosen);
    expect(reviewed.reviewFirst).toBe(true);

    await app.deps.settings.update(shop, { reviewMode: false });
    expect((await campaigns.create(shop, unchosen)).reviewFirst).toBe(false);
    expect((await campaigns.get(shop, reviewed.id)).reviewFirst).toBe(true);
  });

  it("keeps the merchant's own review choice over the shop's setting", async () => {
    const { shop, request } = await shopWithRequest({ apiKey: true });
    await app.deps.settings.update(shop, { reviewMode: true });

    const campaign = await campaigns.create(shop, { ...request, reviewFirst: false });
    expect(campaign.reviewFirst).toBe(false);
  });

  it('refuses to end a campaign that has not started, saying what can be done', async () => {
    const { shop, request } = await shopWithRequest({ apiKey: true });
    const scheduled = await campaigns.create(shop, request);
    expect(scheduled.state).toBe('scheduled');

    await expect(campaigns.end(shop, scheduled.id)).rejects.toMatchObject({
      kind: 'conflict',
      code: 'campaign_not_live',
      message: 'This campaign is scheduled: only a live campaign can be ended.',
    });
    expect((await campaigns.get(shop, scheduled.id)).state).toBe('scheduled');
  });
});
