/**
 * Campaigns end to end, through the app's API with both emulators, the suite's Redis and the
 * real pipeline and campaign workers, on a clock the test moves by days: results are generated
 * and held ahead of time, become the featured image at the start, and come off at the end with
 * the originals back; a product the merchant changed by hand is left alone and reported;
 * cancel before the start and end now; a start missed while no worker ran happens on boot.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { CampaignView } from '../../../src/app-api/campaigns.ts';
import type { BulkRunView } from '../../../src/app-api/contract.ts';
import { createShopifyFiles } from '../../../src/pipeline/publish/shopify-files.ts';
import {
  DAY_MS,
  allHeld,
  campaignRequest,
  ids,
  mediaOf,
  productsWithImages,
  settled,
  startCampaignHarness,
  waitForCampaign,
  type CampaignHarness,
} from './support/campaigns.ts';

let harness: CampaignHarness;
let stopWorker: () => Promise<void>;

beforeAll(async () => {
  harness = await startCampaignHarness();
  const worker = harness.campaigns.startWorker();
  stopWorker = () => worker.close();
  return () => worker.close();
}, 60_000);

async function generationsOf(shop: string, campaign: CampaignView) {
  const page = await harness.pipeline.generations.list(shop, { bulkRunId: campaign.bulkRun.id });
  return page.generations;
}

describe('a campaign', () => {
  it('holds its results until the start, features them while live, and puts the originals back at the end', async () => {
    const shop = await harness.newShop();
    const products = await productsWithImages(harness.app, shop.shop, 2);
    const before = await mediaOf(harness, shop.shop, products);

    const created = await shop.api<CampaignView>(
      'POST',
      '/campaigns',
      campaignRequest(harness.clock, products),
    );
    expect(created.status).toBe(202);
    expect(created.body).toMatchObject({ state: 'scheduled', timeZone: 'America/New_York' });

    const held = await waitForCampaign(shop, created.body.id, allHeld(2));
    expect(held.bulkRun.creditsCommitted).toBe(6);
    expect(await shop.credits()).toBe(100_000 - 6);
    expect(await mediaOf(harness, shop.shop, products)).toEqual(before); // nothing shown yet

    harness.clock.advance(DAY_MS + 120_000);
    const live = await waitForCampaign(
      shop,
      created.body.id,
      (campaign) => settled('live')(campaign) && campaign.report.live === 2,
    );
    expect(live.report.held).toBe(0);
    const during = await mediaOf(harness, shop.shop, products);
    for (const generation of await generationsOf(shop.shop, live)) {
      const media = ids(during.get(generation.productId));
      expect(media[0]).toBe(generation.fileId); // the campaign's scene is the featured image
      expect(media.slice(1)).toEqual(ids(before.get(generation.productId)));
      expect(generation.previousFeaturedMediaId).toBe(ids(before.get(generation.productId))[0]);
    }

    harness.clock.advance(9 * DAY_MS);
    const ended = await waitForCampaign(shop, created.body.id, settled('ended'));
    expect(ended.report).toMatchObject({ restored: 2, live: 0, editedByMerchant: [] });
    expect(await mediaOf(harness, shop.shop, products)).toEqual(before);
    for (const generation of await generationsOf(shop.shop, ended)) {
      expect(generation.state).toBe('discarded');
      expect(generation.transitions.map((entry) => entry.state)).toEqual([
        'queued',
        'submitting',
        'processing',
        'saving',
        'in_review',
        'saving',
        'published',
        'discarded',
      ]);
    }
    expect(await shop.credits()).toBe(100_000 - 6); // charged once, for the generation only
  });

  it('leaves a product whose featured image the merchant changed by hand as it is, and lists it', async () => {
    const shop = await harness.newShop();
    const [edited, untouched] = await productsWithImages(harness.app, shop.shop, 2, 2);
    const before = await mediaOf(harness, shop.shop, [edited!, untouched!]);
    const { body } = await shop.api<CampaignView>(
      'POST',
      '/campaigns',
      campaignRequest(harness.clock, [edited!, untouched!]),
    );
    await waitForCampaign(shop, body.id, allHeld(2));
    harness.clock.advance(DAY_MS + 120_000);
    await waitForCampaign(shop, body.id, (campaign) => campaign.report.live === 2);

    const files = createShopifyFiles(await harness.app.deps.admin.forShop(shop.shop));
    const merchantsChoice = ids(before.get(edited!))[1]!;
    await files.makeFeatured(edited!, merchantsChoice);
    const byHand = ids((await mediaOf(harness, shop.shop, [edited!])).get(edited!));

    harness.clock.advance(9 * DAY_MS);
    const ended = await waitForCampaign(shop, body.id, settled('ended'));
    expect(ended.report.restored).toBe(1);
    expect(ended.report.editedByMerchant).toEqual([
      { id: edited, title: expect.any(String) as string },
    ]);
    const after = await mediaOf(harness, shop.shop, [edited!, untouched!]);
    expect(ids(after.get(edited!))).toEqual(byHand);
    expect(ids(after.get(edited!))[0]).toBe(merchantsChoice);
    expect(after.get(untouched!)).toEqual(before.get(untouched!));
  });

  it('cancelled before the start: nothing is ever shown and the held results are discarded', async () => {
    const shop = await harness.newShop();
    const products = await productsWithImages(harness.app, shop.shop, 2);
    const before = await mediaOf(harness, shop.shop, products);
    const { body } = await shop.api<CampaignView>(
      'POST',
      '/campaigns',
      campaignRequest(harness.clock, products),
    );
    const held = await waitForCampaign(shop, body.id, allHeld(2));
    const fileIds = (await generationsOf(shop.shop, held)).map((generation) => generation.fileId);

    const cancelled = await shop.api<CampaignView>('POST', `/campaigns/${body.id}/cancel`);
    expect(cancelled.status).toBe(200);
    const done = await waitForCampaign(shop, body.id, settled('cancelled'));
    expect(done.bulkRun.counts.discarded).toBe(2);
    harness.clock.advance(DAY_MS + 120_000); // the start passes: nothing happens
    await waitForCampaign(shop, body.id, settled('cancelled'));
    expect(await mediaOf(harness, shop.shop, products)).toEqual(before);
    const files = createShopifyFiles(await harness.app.deps.admin.forShop(shop.shop));
    for (const fileId of fileIds) expect(await files.status(fileId!)).toBeNull();

    const again = await shop.api<{ error: string }>('POST', `/campaigns/${body.id}/cancel`);
    expect(again).toMatchObject({ status: 409, body: { error: 'campaign_not_cancellable' } });
  });

  it('ended now while live: the originals are back at once', async () => {
    const shop = await harness.newShop();
    const products = await productsWithImages(harness.app, shop.shop, 1);
    const before = await mediaOf(harness, shop.shop, products);
    const { body } = await shop.api<CampaignView>(
      'POST',
      '/campaigns',
      campaignRequest(harness.clock, products),
    );
    await waitForCampaign(shop, body.id, allHeld(1));
    harness.clock.advance(DAY_MS + 120_000);
    await waitForCampaign(shop, body.id, (campaign) => campaign.report.live === 1);

    const ending = await shop.api<CampaignView>('POST', `/campaigns/${body.id}/end`);
    expect(ending).toMatchObject({ status: 200, body: { state: 'ended' } });
    const ended = await waitForCampaign(shop, body.id, settled('ended'));
    expect(ended.report.restored).toBe(1);
    expect(await mediaOf(harness, shop.shop, products)).toEqual(before);
    // Its run names it, and reads as ended with it (it read "Cancelled ... 0 were not made").
    const campaign = { id: body.id, name: body.name, ended: true };
    expect(ended.bulkRun.campaign).toEqual(campaign);
    const runs = await shop.api<{ bulkRuns: BulkRunView[] }>('GET', '/bulk-runs');
    expect(runs.body.bulkRuns.find((run) => run.id === ended.bulkRun.id)?.campaign).toEqual(
      campaign,
    );
  });

  it('whose start passed while no worker ran starts as soon as a worker is back', async () => {
    await stopWorker();
    const shop = await harness.newShop();
    const products = await productsWithImages(harness.app, shop.shop, 1);
    const { body } = await shop.api<CampaignView>(
      'POST',
      '/campaigns',
      campaignRequest(harness.clock, products),
    );
    await waitForCampaign(shop, body.id, allHeld(1));
    harness.clock.advance(DAY_MS + 120_000); // the start passes during the downtime
    expect((await shop.api<CampaignView>('GET', `/campaigns/${body.id}`)).body.state).toBe(
      'scheduled',
    );

    // A worker that reconciles only when it boots (its timer would not fire within the test).
    const booted = harness.campaigns.startWorker({ reconcileMs: 3_600_000 });
    try {
      const live = await waitForCampaign(shop, body.id, (campaign) => campaign.report.live === 1);
      expect(live.state).toBe('live');
    } finally {
      await booted.close();
    }
  });
});
