/**
 * A result the fidelity check calls changed is made again (publish/fidelity-retry.ts), end to
 * end: real Redis, both emulators, the real stage workers in process, and the scripted checker
 * (test/support/fidelity.ts) lining up each try's verdict. Each try is its own ProductAI job,
 * charged, on the record (`tries`, `retryOf`, `retriedBy`) and counted by the daily cap and the
 * bulk run's budget; a faithful try publishes where the changed one was held, the closest of
 * tries that all changed waits for review with the others beside it (discarded, linked), and a
 * cap or budget that says no stops the tries. The same after a crash: crash-tries.test.ts.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type {
  BulkRunView,
  GenerationView,
  ProductDetail,
  SettingsView,
} from '../../../src/app-api/contract.ts';
import type { Generation } from '../../../src/pipeline/generations/generation.ts';
import { decideTry } from '../../../src/pipeline/publish/fidelity-retry.ts';
import { MORE_CHANGED_REPORT, scriptedFidelity } from '../../support/fidelity.ts';
import {
  startPublishHarness,
  type PublishHarness,
  type TestShop,
} from '../../support/publish-stack.ts';
import { productImage } from '../../support/product-images.ts';
import { emulatorProducts } from '../../support/shop-media.ts';
import { SUMMER_RULE } from '../../support/summer-rule.ts';
import { ruleResult } from '../support/rule-result.ts';
import { until } from '../../support/until.ts';

const fidelity = scriptedFidelity();
let harness: PublishHarness;

beforeAll(async () => {
  harness = await startPublishHarness({
    config: { fidelity: { threads: 1, timeoutMs: 5_000 } },
    overrides: { fidelity: fidelity.factory },
  });
});

const PUBLISHING_RULE = { ...SUMMER_RULE, destination: 'append' as const };
const ENDED = ['published', 'in_review', 'failed', 'discarded', 'cancelled'] as const;

async function firstProduct(shop: TestShop): Promise<ProductDetail> {
  const products = await emulatorProducts(harness.app, shop.shop);
  const { body } = await shop.api<ProductDetail>(
    'GET',
    `/products/${encodeURIComponent(products[0]!)}`,
  );
  return body;
}

async function click(shop: TestShop): Promise<Generation> {
  const product = await firstProduct(shop);
  const created = await shop.api<GenerationView>('POST', '/generations', {
    productId: product.id,
    kind: 'photo',
    model: 'nanobanana',
    prompt: 'On a marble counter',
    sourceMediaIds: [product.images[0]!.id],
  });
  expect(created.status).toBe(202);
  return shop.waitFor(created.body.id, [...ENDED]);
}

async function retries(shop: TestShop, fidelityRetries: unknown) {
  return shop.api<SettingsView>('PATCH', '/settings', { fidelityRetries });
}

/** Every try of the request `first` started, once each has ended, first to last. */
async function triesOf(shop: TestShop, first: Generation): Promise<Generation[]> {
  const tries = [await shop.waitFor(first.id, [...ENDED])];
  while (tries.at(-1)!.retriedBy) {
    tries.push(await shop.waitFor(tries.at(-1)!.retriedBy!, [...ENDED]));
  }
  return tries;
}

async function jobsOf(shop: TestShop): Promise<{ id: number; credits: number }[]> {
  const { jobs } = (await harness.productAiControl(
    'GET',
    `/jobs?key=${encodeURIComponent(shop.apiKey)}`,
  )) as { jobs: { id: number; credits: number }[] };
  return jobs;
}

const lastNote = (generation: Generation) => generation.transitions.at(-1)?.note;

describe('a changed result is made again', () => {
  it("makes a rule's changed result again once by default, and publishes the faithful try", async () => {
    const shop = await harness.newShop();
    await harness.app.deps.engines.rules.store.save(shop.shop, PUBLISHING_RULE);
    const before = await shop.credits();
    fidelity.answer('changed');
    const first = await ruleResult(harness, shop, 'Linen dress');
    const [held, second] = await until(
      'the second try to end',
      async () => {
        const tries = await triesOf(shop, first);
        return tries.length === 2 && tries[0]!.state !== 'in_review' ? tries : null;
      },
      { deadlineMs: 30_000 },
    );
    expect(second!.state).toBe('published');
    expect(second!.fidelity?.verdict).toBe('faithful');
    expect(second).toMatchObject({
      retryOf: held!.id,
      tries: { number: 2, of: 2, first: held!.id },
      origin: { type: 'rule' },
    });
    // The changed try waited for review while the next was made, then made way for it.
    expect(held!.state).toBe('discarded');
    expect(held).toMatchObject({ tries: { number: 1, of: 2, first: held!.id } });
    expect(held!.transitions.map((entry) => [entry.state, entry.note])).toContainEqual([
      'in_review',
      'Held for review: the red part has another colour; made again (try 2 of 2)',
    ]);
    expect(lastNote(held!)).toBe('Replaced by try 2, faithful to the product');
    // Two requests, each charged, each counted on today's cap.
    const jobs = await jobsOf(shop);
    expect(jobs).toHaveLength(2);
    expect(new Set(jobs.map((job) => job.id))).toEqual(
      new Set([held!.productAiJobId, second!.productAiJobId]),
    );
    const charged = held!.chargedCredits! + second!.chargedCredits!;
    expect(held!.chargedCredits).toBeGreaterThan(0);
    expect(await shop.credits()).toBe(before - charged);
    const { day } = await harness.app.deps.engines.rules.today(shop.shop);
    expect(await harness.app.deps.engines.rules.spend.spent(shop.shop, day)).toBe(charged);
    // The API links the tries both ways.
    const { body: view } = await shop.api<GenerationView>('GET', `/generations/${second!.id}`);
    expect(view.tries).toEqual({
      number: 2,
      of: 2,
      first: held!.id,
      previous: held!.id,
      next: null,
    });
    const { body: firstView } = await shop.api<GenerationView>('GET', `/generations/${held!.id}`);
    expect(firstView.tries).toMatchObject({ number: 1, previous: null, next: second!.id });
  });

  it("holds a changed result as today when the shop's retries are 0", async () => {
    const shop = await harness.newShop();
    expect((await retries(shop, 0)).body.fidelityRetries).toBe(0);
    fidelity.answer('changed');
    const held = await click(shop);
    expect(held.state).toBe('in_review');
    expect(lastNote(held)).toBe('Held for review: the red part has another colour');
    expect(held).toMatchObject({ tries: null, retriedBy: null });
    expect(await jobsOf(shop)).toHaveLength(1);
  });

  it("retries a merchant's click too; the faithful try follows the shop's review setting", async () => {
    const shop = await harness.newShop();
    await shop.api('PATCH', '/settings', { reviewMode: true });
    fidelity.answer('changed');
    const first = await click(shop);
    const [replaced, second] = await until(
      'the second try in review',
      async () => {
        const tries = await triesOf(shop, first);
        return tries.length === 2 && tries[0]!.state === 'discarded' ? tries : null;
      },
      { deadlineMs: 30_000 },
    );
    expect(second).toMatchObject({ state: 'in_review', priority: 'interactive' });
    expect(lastNote(second!)).toBe('Ready for review in Files');
    expect(replaced!.retriedBy).toBe(second!.id);
  });

  it('holds the closest of tries that all changed, the others discarded beside it', async () => {
    const shop = await harness.newShop();
    await retries(shop, 2);
    fidelity.answer('changed', MORE_CHANGED_REPORT, MORE_CHANGED_REPORT);
    const first = await click(shop);
    const tries = await until(
      'three tries ended',
      async () => {
        const found = await triesOf(shop, first);
        return found.length === 3 &&
          found.every((one) => one.state !== 'in_review' || one === found[0])
          ? found
          : null;
      },
      { deadlineMs: 30_000 },
    );
    const [closest, second, third] = tries;
    // Try 1 has one finding, the others two: it is the one kept.
    expect(closest!.state).toBe('in_review');
    expect(second!.state).toBe('discarded');
    expect(third!.state).toBe('discarded');
    expect(lastNote(second!)).toBe('Not kept: try 1 is closer to the product and waits for review');
    expect(lastNote(third!)).toBe('Not kept: try 1 is closer to the product and waits for review');
    expect(third).toMatchObject({ tries: { number: 3, of: 3, first: closest!.id } });
    expect(third!.retryOf).toBe(second!.id);
    expect(third!.retriedBy).toBeNull();
    // Every try charged, every result kept in Files to compare.
    expect(await jobsOf(shop)).toHaveLength(3);
    for (const one of tries) {
      expect(one.chargedCredits).toBeGreaterThan(0);
      expect(one.fileId).not.toBeNull();
    }
    // Approving the closest publishes it.
    const approved = await shop.api<GenerationView>('POST', `/generations/${closest!.id}/approve`);
    expect(approved.status).toBe(200);
    expect((await shop.waitFor(closest!.id, ['published', 'failed'])).state).toBe('published');
  });

  it('stops the tries when the daily cap is reached, and holds the result as today', async () => {
    const shop = await harness.newShop();
    // A cap of exactly one photo: the first try takes it all.
    const price = 5;
    await harness.app.deps.engines.rules.store.save(shop.shop, {
      ...PUBLISHING_RULE,
      dailyCap: price,
    });
    fidelity.answer('changed');
    const held = await ruleResult(harness, shop, 'Silk dress');
    expect(held.estimatedCredits).toBe(price);
    expect(held.state).toBe('in_review');
    expect(lastNote(held)).toBe(
      `Held for review: the red part has another colour; not made again: today's cap of ${price} credits is reached`,
    );
    const next = (await harness.pipeline.generations.get(shop.shop, held.retriedBy!))!;
    expect(next).toMatchObject({
      state: 'cancelled',
      reason: `Not made: today's cap of ${price} credits is reached. Nothing was charged.`,
      chargedCredits: null,
    });
    expect(await jobsOf(shop)).toHaveLength(1);
    const { day } = await harness.app.deps.engines.rules.today(shop.shop);
    expect(await harness.app.deps.engines.rules.spend.spent(shop.shop, day)).toBe(price);
  });

  it("counts each try on its bulk run's budget; a budget used up stops the tries", async () => {
    const shop = await harness.newShop();
    const products = await emulatorProducts(harness.app, shop.shop);
    const run = async (creditBudget: number) => {
      const started = await shop.api<{ id: string }>('POST', '/bulk-runs', {
        target: { type: 'products', productIds: products.slice(0, 1) },
        kind: 'photo',
        model: 'nanobanana',
        prompt: 'On a marble counter',
        creditBudget,
        includeDone: true,
      });
      expect(started.status).toBe(202);
      const first = await until(
        'the run’s first generation',
        async () => {
          const { generations } = await harness.pipeline.generations.list(shop.shop, {
            bulkRunId: started.body.id,
          });
          return generations.find((one) => one.retryOf === null) ?? null;
        },
        { deadlineMs: 30_000 },
      );
      return { id: started.body.id, first };
    };
    // Room for two photos (3 credits each): the second try is made and published.
    fidelity.answer('changed');
    const roomy = await run(6);
    const [replaced, second] = await until(
      'the second try',
      async () => {
        const tries = await triesOf(shop, roomy.first);
        return tries.length === 2 && tries[0]!.state === 'discarded' ? tries : null;
      },
      { deadlineMs: 30_000 },
    );
    expect(second!.state).toBe('published');
    expect(second!.bulkRunId).toBe(roomy.id);
    expect(replaced!.state).toBe('discarded');
    const { body: roomyView } = await shop.api<BulkRunView>('GET', `/bulk-runs/${roomy.id}`);
    expect(roomyView.creditsCommitted).toBe(6);
    // Room for one: the tries stop, the changed result waits for review.
    fidelity.answer('changed');
    const tight = await run(3);
    const held = await shop.waitFor(tight.first.id, [...ENDED]);
    expect(held.state).toBe('in_review');
    expect(lastNote(held)).toMatch(/not made again: the bulk run's budget of 3 credits/);
    const { body: tightView } = await shop.api<BulkRunView>('GET', `/bulk-runs/${tight.id}`);
    expect(tightView.creditsCommitted).toBe(3);
    expect(await jobsOf(shop)).toHaveLength(3);
  });

  it('makes one next try however often verify repeats after a crash', async () => {
    const shop = await harness.newShop();
    const product = await firstProduct(shop);
    const result = harness.images.serve(`/${shop.shop}/tries.png`, await productImage('png'));
    const saving = await shop.savingGeneration(product, result, 'On a marble counter');
    const changed = await harness.pipeline.generations.patch(shop.shop, saving.id, {
      fidelity: {
        verdict: 'changed',
        findings: ['the red part has another colour'],
        checks: {},
        region: null,
        version: 'test-1',
      },
    });
    const ctx = harness.pipeline.context;
    // A verify that died after making the try, then one that died after putting it in line...
    const once = await decideTry(ctx, changed);
    const again = await decideTry(
      ctx,
      (await harness.pipeline.generations.get(shop.shop, saving.id))!,
    );
    expect(again).toEqual(once);
    // ...then the one that finishes.
    await ctx.enqueue('attach', { shop: shop.shop, generationId: saving.id });
    const held = await shop.waitFor(saving.id, ['in_review']);
    const next = await shop.waitFor(held.retriedBy!, ['published', 'in_review', 'failed']);
    expect(next.state).toBe('published');
    const { generations } = await harness.pipeline.generations.list(shop.shop, {
      productId: product.id,
    });
    expect(generations.filter((one) => one.retryOf === saving.id)).toHaveLength(1);
    expect(await jobsOf(shop)).toHaveLength(1);
  });

  it('refuses retries the settings do not take, and keeps the default', async () => {
    const shop = await harness.newShop();
    for (const bad of [4, -1, 1.5, 'twice', null]) {
      const refused = await retries(shop, bad);
      expect(refused.status).toBe(400);
    }
    const { body } = await shop.api<SettingsView>('GET', '/settings');
    expect(body.fidelityRetries).toBe(1);
    expect((await retries(shop, 3)).body.fidelityRetries).toBe(3);
  });
});
