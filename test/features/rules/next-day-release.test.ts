/**
 * Work over the daily cap is released at the shop's next midnight, on a compressed clock: the
 * rules service runs on a clock set a few seconds before the store's midnight, so the release
 * job (a BullMQ delayed job at that midnight) fires during the test.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { SaveRuleRequest } from '../../../src/app-api/rules.ts';
import { createOffsetClock } from '../../../src/platform/clock.ts';
import { nextDayStart, shopDay } from '../../../src/app-api/shop-day.ts';
import { startTestApp, type TestApp } from '../../support/app.ts';
import { until } from '../../support/until.ts';

/** Time before midnight for two products' webhooks to be handled on a loaded machine. */
const BEFORE_MIDNIGHT_MS = 5_000;

let app: TestApp;
const clock = createOffsetClock();
let worker: { close(): Promise<void> };

beforeAll(async () => {
  app = await startTestApp({ overrides: { rules: { clock } } });
  worker = app.deps.engines.rules.startWorker();
}, 30_000);

afterAll(async () => {
  await worker.close();
});

// nanobanana2 at 2K costs 5 credits: a cap of 7 admits one product a day.
const RULE: SaveRuleRequest = {
  name: 'New arrivals',
  active: true,
  match: { collections: [], tags: [], productTypes: [], vendors: [] },
  kind: 'photo',
  presetId: null,
  params: { prompt: 'In a bright studio', model: 'nanobanana2' },
  options: 1,
  imagesSent: 1,
  destination: 'review',
  dailyCap: 7,
};

async function stateOf(shop: string, productId: string) {
  const { generations } = await app.deps.pipeline.generations.list(shop, { productId });
  return generations.map((generation) => generation.state);
}

async function newProduct(shop: string, title: string): Promise<string> {
  const created = (await app.shopifyControl('POST', `/shops/${shop}/products`, {
    title,
    images: 1,
  })) as {
    product: { id: string };
  };
  return created.product.id;
}

it('admits the work that waited for the cap once the store’s next day starts', async () => {
  const shop = app.newShop();
  expect((await app.call('/api/settings', { shop })).status).toBe(200);
  const rules = app.deps.engines.rules;
  await rules.store.save(shop, RULE);
  const timeZone = await rules.timeZone(shop);
  clock.advance(nextDayStart(clock.now(), timeZone) - BEFORE_MIDNIGHT_MS - clock.now());
  const parkedOn = shopDay(clock.now(), timeZone);

  const first = await newProduct(shop, 'First arrival');
  await until('the first arrival queued', async () => (await stateOf(shop, first))[0] === 'queued');
  const second = await newProduct(shop, 'Second arrival');
  await until(
    'the second arrival paused',
    async () => (await stateOf(shop, second))[0] === 'paused',
  );
  expect(shopDay(clock.now(), timeZone)).toBe(parkedOn);

  await until(
    'the second arrival released',
    async () => (await stateOf(shop, second))[0] === 'queued',
    { deadlineMs: 20_000 },
  );
  expect(shopDay(clock.now(), timeZone) > parkedOn).toBe(true);
  const [released] = (await app.deps.pipeline.generations.list(shop, { productId: second }))
    .generations;
  expect(released!.pausedBy).toBeNull();
  const today = shopDay(clock.now(), timeZone);
  expect(await rules.spend.spent(shop, today)).toBe(5);
}, 40_000);
