/**
 * Saving is shared fairly (src/pipeline/limits/stage-turns.ts): at attach (download, check, a
 * file in Shopify) and verify (on the product) shops take turns, a shop holding at most
 * `stages.turnsPerShop` (2) turns at a time, so one shop's many results waiting to be saved
 * hold another shop's result for at most a few of their own: when the other's arrives behind
 * them, and when a Shopify outage that held them all ends. The Shopify emulator's outage is
 * every shop's, as Shopify's would be.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ProductDetail } from '../../../src/app-api/contract.ts';
import type { Generation } from '../../../src/pipeline/generations/generation.ts';
import { productImage } from '../../support/product-images.ts';
import {
  startPublishHarness,
  type PublishHarness,
  type TestShop,
} from '../../support/publish-stack.ts';
import { emulatorProducts } from '../../support/shop-media.ts';
import { until } from '../../support/until.ts';

/**
 * Results of the shop with many, and how many of them may be saved before the other's: those
 * holding the shop's turns at attach and at verify when the other's arrives (2 at each, config
 * `stages.turnsPerShop`). Measured: 0-3 in 7 runs of each test (33-36 before the turns).
 */
const MANY = 40;
const AT_MOST_AHEAD = 4;

let harness: PublishHarness;

beforeAll(async () => {
  harness = await startPublishHarness({
    config: {
      // An outage's waits doubling from 0.5 s to a minute, as in production: longer than a
      // result's whole save here (about 0.3 s), so a result coming back only at the end of its
      // own wait would let many others pass it. Shopify's return is found by the probe (every
      // 5 s, as in production) or a try.
      saving: { outageCeilingMs: 120_000, outageFirstDelayMs: 500, outageMaxDelayMs: 60_000 },
    },
    overrides: { adminRetry: { maxAttempts: 2, baseDelayMs: 10, maxDelayMs: 20 } },
  });
});

afterEach(async () => {
  await harness.app.shopifyControl('POST', '/faults', { outage: null });
});

/** `count` results of `shop` made by ProductAI and waiting to be saved (not yet handed on). */
async function resultsToSave(shop: TestShop, count: number): Promise<Generation[]> {
  const products: ProductDetail[] = [];
  for (const id of await emulatorProducts(harness.app, shop.shop)) {
    const product = await shop.api<ProductDetail>('GET', `/products/${encodeURIComponent(id)}`);
    if (product.body.images.length > 0) products.push(product.body);
    if (products.length === 10) break;
  }
  const png = await productImage('png', 300, 300);
  const results: Generation[] = [];
  for (let i = 0; i < count; i += 1) {
    const url = harness.images.serve(`/${shop.shop}/result-${i}.png`, png);
    results.push(
      await shop.savingGeneration(products[i % products.length]!, url, `Shelf scene ${i}`),
    );
  }
  return results;
}

/** Hands the results to the save stages, in this order. */
async function save(shop: TestShop, results: readonly Generation[]): Promise<void> {
  for (const result of results)
    await harness.pipeline.context.enqueue('attach', { shop: shop.shop, generationId: result.id });
}

async function publishedAt(shop: TestShop, result: Generation): Promise<number> {
  const published = await shop.waitFor(result.id, ['published', 'failed'], 120_000);
  expect(published.state).toBe('published');
  return Date.parse(published.transitions.findLast((t) => t.state === 'published')!.at);
}

/**
 * How many of `results` were published before `time`, read once that time has passed (the
 * others are still being saved, and stay so for a while: the Shopify emulator throttles each
 * shop's Admin calls as Shopify does, to about one result a second here).
 */
async function publishedBefore(
  shop: TestShop,
  results: readonly Generation[],
  time: number,
): Promise<number> {
  let before = 0;
  for (const result of results) {
    const record = await harness.pipeline.generations.get(shop.shop, result.id);
    const published = record?.transitions.findLast((t) => t.state === 'published');
    if (published && Date.parse(published.at) < time) before += 1;
  }
  return before;
}

// 41 results made and saved: 37 s of the default 60 at load 25 (about 5 s at load 1).
describe('saving shared fairly between shops', { timeout: 240_000 }, () => {
  it(`saves one shop's result after at most ${AT_MOST_AHEAD} of another shop's ${MANY} results waiting before it`, async () => {
    const many = await harness.newShop();
    const one = await harness.newShop();
    const manyResults = await resultsToSave(many, MANY);
    const [oneResult] = await resultsToSave(one, 1);

    await save(many, manyResults);
    await save(one, [oneResult!]);

    const saved = await publishedAt(one, oneResult!);
    expect(await publishedBefore(many, manyResults, saved)).toBeLessThanOrEqual(AT_MOST_AHEAD);
  });

  it(`saves, when a Shopify outage ends, one shop's waiting result after at most ${AT_MOST_AHEAD} of another shop's ${MANY}`, async () => {
    const many = await harness.newShop();
    const one = await harness.newShop();
    const manyResults = await resultsToSave(many, MANY);
    const [oneResult] = await resultsToSave(one, 1);
    await harness.app.shopifyControl('POST', '/faults', { outage: { status: 502 } });
    await save(many, manyResults);
    await save(one, [oneResult!]);
    // The lone result has met the outage three times, so its own next try is 1-2 s away (the
    // waits double from 0.5 s), and three times as many of the other shop's results as may
    // pass it wait for Shopify too, the rest in line behind them: when Shopify answers, all the
    // waits are due at once, and only the shops' turns keep the lone one from coming after
    // every one of them. (All 40 waiting took minutes at load 25: a waiting result's tries go
    // ahead of the shop's results not tried yet, and each try took seconds.)
    await until(
      "the lone result and 12 of the other shop's to meet the outage",
      async () => {
        const failures = async (shop: TestShop, result: Generation) =>
          (await harness.pipeline.generations.get(shop.shop, result.id))?.waitingFor?.failures ?? 0;
        if ((await failures(one, oneResult!)) < 3) return false;
        let waiting = 0;
        for (const result of manyResults) {
          if ((await failures(many, result)) > 0) waiting += 1;
          if (waiting === 3 * AT_MOST_AHEAD) return true;
        }
        return false;
      },
      { deadlineMs: 120_000 },
    );

    await harness.app.shopifyControl('POST', '/faults', { outage: null });

    const saved = await publishedAt(one, oneResult!);
    expect(await publishedBefore(many, manyResults, saved)).toBeLessThanOrEqual(AT_MOST_AHEAD);
  });
});
