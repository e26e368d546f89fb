/**
 * A campaign's go-live survives a worker killed between its steps: the worker PROCESS dies
 * (SIGKILL) right after Shopify made a campaign result the featured image and before anything
 * recorded it; a new worker process finishes the go-live exactly once: each product gets one
 * result media, featured, its generation published once, the original remembered for the end.
 *
 * Real parts: a private Redis, both emulators, the web process (this test process: the ProductAI
 * webhook receiver) and workers from web/worker/main.ts as children, on a clock two days ahead.
 */
import { expect, it } from 'vitest';
import { systemClock } from '../../../src/platform/clock.ts';
import { productMedia } from '../../support/shop-media.ts';
import { crashStack } from '../../pipeline/support/crash-stack.ts';
import { DAY_MS, campaignRequest, ids, productsWithImages } from './support/campaigns.ts';
import { until } from '../../support/until.ts';

const stack = crashStack('campaign-crash');

/** A worker process whose campaign clock is `offsetMs` ahead; resolves once it runs. */
const startWorker = (offsetMs: number, crashAfterOperation?: string) =>
  stack.startWorker({
    CAMPAIGN_CLOCK_OFFSET_MS: String(offsetMs),
    ...(crashAfterOperation ? { CRASH_AFTER_OPERATION: crashAfterOperation } : {}),
  });

it('a worker killed between "featured set" and "published" is followed by one that completes the go-live exactly once', async () => {
  const { app, pipeline } = stack;
  const { shop } = await stack.newShop();
  const products = await productsWithImages(app, shop, 2);
  const before = new Map(
    await Promise.all(
      products.map(async (id) => [id, ids(await productMedia(app, shop, id))] as const),
    ),
  );
  const campaigns = app.deps.engines.campaigns;
  const { defaults } = await app.deps.settings.get(shop);
  const campaign = await campaigns.campaigns.create(
    shop,
    campaignRequest(systemClock, products),
    defaults,
  );
  const generations = async () =>
    (await pipeline.generations.list(shop, { bulkRunId: campaign.bulkRunId })).generations;

  const maker = await startWorker(0);
  await until(
    'both results held',
    async () => {
      const all = await generations();
      return all.length === 2 && all.every((generation) => generation.state === 'in_review');
    },
    { deadlineMs: 30_000 },
  );
  await stack.kill(maker);

  // Two days later: the start has passed; this worker dies right after the first "featured".
  const crashing = await startWorker(2 * DAY_MS, 'ProductReorderMedia');
  await crashing.exited;
  const afterCrash = await generations();
  expect((await campaigns.store.get(shop, campaign.id))!.state).toBe('live');
  expect(afterCrash.some((generation) => generation.state === 'saving')).toBe(true);

  const finisher = await startWorker(2 * DAY_MS);
  const done = await until(
    'the go-live to complete',
    async () => {
      const all = await generations();
      const stored = await campaigns.store.get(shop, campaign.id);
      return (
        stored?.released === true &&
        all.every((generation) => generation.state === 'published') &&
        all
      );
    },
    { deadlineMs: 30_000 },
  );
  for (const generation of done) {
    expect(generation.transitions.filter((entry) => entry.state === 'published')).toHaveLength(1);
    const media = ids(await productMedia(app, shop, generation.productId));
    expect(media.filter((id) => id === generation.fileId)).toHaveLength(1);
    expect(media[0]).toBe(generation.fileId);
    expect(media.slice(1)).toEqual(before.get(generation.productId));
    expect(generation.previousFeaturedMediaId).toBe(before.get(generation.productId)![0]);
  }
  await stack.kill(finisher);
}, 120_000);
