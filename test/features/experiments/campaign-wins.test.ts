/**
 * A campaign going live on a product ends the product's experiment first: the experiment ends
 * `ended_by_campaign` keeping no arm, its storefront metafield is deleted, and the campaign's
 * result is the featured image (the experiment never moves it back). Both emulators, the real
 * pipeline, campaign and experiment workers, the campaigns on a clock the test moves.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { CampaignView } from '../../../src/app-api/campaigns.ts';
import type { ExperimentWorker } from '../../../src/features/experiments/experiment-runner.ts';
import type { CampaignWorker } from '../../../src/features/campaigns/campaign-runner.ts';
import {
  DAY_MS,
  allHeld,
  campaignRequest,
  productsWithImages,
  settled,
  startCampaignHarness,
  waitForCampaign,
  type CampaignHarness,
} from '../campaigns/support/campaigns.ts';
import { productMedia } from '../../support/shop-media.ts';
import { until } from '../../support/until.ts';
import { armsMetafield, publishedPhoto } from './support/published-photos.ts';

let harness: CampaignHarness;
let campaignWorker: CampaignWorker;
let experimentWorker: ExperimentWorker;

beforeAll(async () => {
  harness = await startCampaignHarness();
  campaignWorker = harness.campaigns.startWorker();
  experimentWorker = harness.app.deps.engines.experiments.startWorker({ reconcileMs: 100 });
}, 60_000);
afterAll(async () => {
  await experimentWorker.close();
  await campaignWorker.close();
});

it('ends the experiment on the product before the campaign features its result', async () => {
  const { app } = harness;
  const shop = await harness.newShop();
  const [productId] = await productsWithImages(app, shop.shop, 1);
  const photo = await publishedPhoto(app, harness.images, shop.shop, productId!);
  const experiment = await app.deps.features.experiments.start(shop.shop, {
    productId: productId!,
    generationIds: [photo.id],
    goal: 'add_to_cart',
    endAction: 'keep_winner',
  });

  const { body } = await shop.api<CampaignView>(
    'POST',
    '/campaigns',
    campaignRequest(harness.clock, [productId!]),
  );
  await waitForCampaign(shop, body.id, allHeld(1));
  expect((await app.deps.features.experiments.get(shop.shop, experiment.id)).status).toBe(
    'running',
  );

  harness.clock.advance(DAY_MS + 120_000);
  await waitForCampaign(shop, body.id, (campaign) => settled('live')(campaign));
  const ended = await until(
    'the experiment to end',
    async () => {
      const view = await app.deps.features.experiments.get(shop.shop, experiment.id);
      return !view.settling && view.status === 'ended' && view;
    },
    { deadlineMs: 30_000 },
  );
  expect(ended).toMatchObject({ why: 'ended_by_campaign', winner: null });
  expect(await armsMetafield(app.deps, shop.shop, productId!)).toBeNull();
  const [result] = (
    await harness.pipeline.generations.list(shop.shop, { bulkRunId: body.bulkRun.id })
  ).generations;
  await expect
    .poll(async () => (await productMedia(app, shop.shop, productId!))[0]!.id)
    .toBe(result!.fileId);
}, 90_000);
