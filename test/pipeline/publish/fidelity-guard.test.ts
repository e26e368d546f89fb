/**
 * What the fidelity check decides, end to end (real Redis, both emulators, the real stage
 * workers in process): every image result is checked in attach, its report kept on the
 * generation and in its history, and a result judged changed never goes live without a person,
 * whatever would publish it (here a rule that publishes, a click without review), unless the
 * shop turns the guard off. Its shops make no retries (fidelity-retry.test.ts has those). The check itself is a scripted checker given through the
 * composition root (test/support/fidelity.ts), so each case picks its verdict; the real check on
 * results the ProductAI emulator changed: fidelity-guard-emulated.test.ts.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type {
  ApiErrorBody,
  GenerationPage,
  GenerationView,
  ProductDetail,
  ReviewBatchView,
  SettingsView,
} from '../../../src/app-api/contract.ts';
import type { Generation } from '../../../src/pipeline/generations/generation.ts';
import { scriptedFidelity } from '../../support/fidelity.ts';
import {
  startPublishHarness,
  type PublishHarness,
  type TestShop,
} from '../../support/publish-stack.ts';
import { productImage } from '../../support/product-images.ts';
import { emulatorProducts, productMedia } from '../../support/shop-media.ts';
import { SUMMER_RULE } from '../../support/summer-rule.ts';
import { ruleResult } from '../support/rule-result.ts';
import { until } from '../../support/until.ts';

const fidelity = scriptedFidelity();
let harness: PublishHarness;

beforeAll(async () => {
  harness = await startPublishHarness({
    config: { fidelity: { threads: 1, timeoutMs: 1_000 } },
    overrides: { fidelity: fidelity.factory },
  });
});

const CHANGED_RECORD = {
  verdict: 'changed' as const,
  findings: ['the white part has another colour'],
  findingTexts: [
    { code: 'finding_part_colour' as const, params: { colour: { code: 'colour_white' as const } } },
  ],
  checks: { colour: { deltaE: 14, where: 'the white part' }, located: true },
  region: null,
  version: 'test-1',
};

const PUBLISHING_RULE = { ...SUMMER_RULE, destination: 'append' as const };

/**
 * A shop whose changed results are not made again (the guard's decisions as they were before
 * retries; those are fidelity-retry.test.ts's), so every scripted verdict goes to the result a
 * test made, never to a try made in the background.
 */
async function newShop(): Promise<TestShop> {
  const shop = await harness.newShop();
  await harness.app.deps.settings.update(shop.shop, { fidelityRetries: 0 });
  return shop;
}

async function firstProduct(shop: TestShop): Promise<ProductDetail> {
  const products = await emulatorProducts(harness.app, shop.shop);
  const { body } = await shop.api<ProductDetail>(
    'GET',
    `/products/${encodeURIComponent(products[0]!)}`,
  );
  return body;
}

async function click(shop: TestShop, request: Record<string, unknown> = {}): Promise<Generation> {
  const product = await firstProduct(shop);
  const created = await shop.api<GenerationView>('POST', '/generations', {
    productId: product.id,
    kind: 'photo',
    model: 'nanobanana',
    prompt: 'On a marble counter',
    sourceMediaIds: [product.images[0]!.id],
    ...request,
  });
  expect(created.status).toBe(202);
  return shop.waitFor(created.body.id, ['published', 'in_review', 'failed']);
}

async function guard(shop: TestShop, fidelityGuard: string) {
  return shop.api<SettingsView>('PATCH', '/settings', { fidelityGuard });
}

function lastNote(generation: Generation): string | undefined {
  return generation.transitions.at(-1)?.note;
}

describe('the fidelity check decides before a result goes live', () => {
  it("holds a rule's changed result for a person, with the reason, while a faithful one publishes", async () => {
    const shop = await newShop();
    await harness.app.deps.engines.rules.store.save(shop.shop, PUBLISHING_RULE);

    fidelity.answer('changed');
    const changed = await ruleResult(harness, shop, 'Linen dress');
    expect(changed.state).toBe('in_review');
    expect(lastNote(changed)).toBe('Held for review: the red part has another colour');
    expect(changed.fidelity).toMatchObject({ verdict: 'changed', version: 'test-1' });
    // Noted on the history entry of the state it was learnt in: the moves stay as they were.
    const saving = changed.transitions.find((entry) => entry.state === 'saving');
    expect(saving?.note).toMatch(/; Fidelity check: changed \(the red part has another colour\)$/);
    expect(changed.transitions.map((entry) => entry.state)).toEqual([
      'queued',
      'submitting',
      'processing',
      'saving',
      'in_review',
    ]);
    expect(await productMedia(harness.app, shop.shop, changed.productId)).not.toContainEqual(
      expect.objectContaining({ id: changed.fileId }),
    );

    const faithful = await ruleResult(harness, shop, 'Cotton dress');
    expect(faithful.state).toBe('published');
    expect(faithful.fidelity?.verdict).toBe('faithful');
    // The check was given the product's image and the result, as downloaded.
    expect(fidelity.calls.at(-1)).toMatchObject({ kind: 'image' });
    expect(fidelity.calls.at(-1)!.sourceBytes[0]).toBeGreaterThan(0);
    expect(fidelity.calls.at(-1)!.resultBytes).toBeGreaterThan(0);
  });

  it("gives the product's image to the check ahead, once ProductAI has accepted the request", async () => {
    const shop = await newShop();
    const prepared = fidelity.prepared.length;
    const generation = await click(shop);
    const [ahead] = await until(
      'the product image prepared',
      async () => (fidelity.prepared.length > prepared ? fidelity.prepared.slice(prepared) : null),
      { deadlineMs: 30_000 },
    );
    expect(generation.state).toBe('published');
    // The same image the check was given, read once the request was accepted.
    expect(ahead).toEqual(fidelity.calls.at(-1)!.sourceBytes);
  });

  it('decides a repeat after a crash from the report already written, without checking again', async () => {
    const shop = await newShop();
    const product = await firstProduct(shop);
    const result = harness.images.serve(`/${shop.shop}/result.png`, await productImage('png'));
    const saving = await shop.savingGeneration(product, result, 'On a marble counter');
    // The attempt that crashed wrote this report before it died.
    const { version: _version, ...written } = CHANGED_RECORD;
    await harness.pipeline.generations.patch(shop.shop, saving.id, { fidelity: CHANGED_RECORD });
    const checks = fidelity.calls.length;
    await harness.pipeline.context.enqueue('attach', { shop: shop.shop, generationId: saving.id });
    const held = await shop.waitFor(saving.id, ['published', 'in_review', 'failed']);
    expect(held.state).toBe('in_review');
    expect(fidelity.calls.length).toBe(checks);
    const { body } = await shop.api<GenerationView>('GET', `/generations/${saving.id}`);
    expect(body.fidelity).toEqual(written);
  });

  it('publishes a held result once the merchant approves it', async () => {
    const shop = await newShop();
    fidelity.answer('changed');
    const held = await click(shop);
    expect(held.state).toBe('in_review');
    const approved = await shop.api<GenerationView>('POST', `/generations/${held.id}/approve`);
    expect(approved.status).toBe(200);
    expect((await shop.waitFor(held.id, ['published', 'failed'])).state).toBe('published');
  });

  it("publishes a changed result as the shop's settings say when the guard is off", async () => {
    const shop = await newShop();
    expect((await guard(shop, 'off')).body.fidelityGuard).toBe('off');
    fidelity.answer('changed');
    const generation = await click(shop);
    expect(generation.state).toBe('published');
    expect(generation.fidelity?.verdict).toBe('changed');
  });

  it("holds check-it results too when the guard is 'check_it', and only then", async () => {
    const shop = await newShop();
    fidelity.answer('check_it');
    expect((await click(shop)).state).toBe('published');
    await guard(shop, 'check_it');
    fidelity.answer('check_it');
    const held = await click(shop);
    expect(held.state).toBe('in_review');
    expect(lastNote(held)).toBe("Held for review: the lettering 'ALPINE' is missing or changed");
  });

  it('takes a check that throws for check it, never for faithful', async () => {
    const shop = await newShop();
    await guard(shop, 'check_it');
    fidelity.answer(new Error('the checker broke'));
    const held = await click(shop);
    expect(held.state).toBe('in_review');
    expect(held.fidelity).toMatchObject({
      verdict: 'check_it',
      findings: ['not checked: the check failed on this result'],
    });
  });

  it('takes a check that does not answer in time for check it', async () => {
    const shop = await newShop();
    await guard(shop, 'check_it');
    fidelity.answer('silent');
    const held = await click(shop);
    expect(held.state).toBe('in_review');
    expect(held.fidelity).toMatchObject({
      verdict: 'check_it',
      findings: ['not checked: the check took longer than 1 s'],
    });
  });

  it('marks a video as not checked and publishes it as the settings say', async () => {
    const shop = await newShop();
    const checks = fidelity.calls.length;
    const video = await click(shop, {
      kind: 'video',
      model: 'gemini-omni',
      prompt: 'Slow turn of <IMAGE_REF_0> on a table',
      duration: 3,
    });
    expect(video.state).toBe('published');
    expect(video.fidelity).toMatchObject({
      verdict: 'not_checked',
      findings: ['not checked: videos are not checked against the product'],
    });
    expect(fidelity.calls.length).toBe(checks);
  });

  it('answers the report in the API and lists results by verdict', async () => {
    const shop = await newShop();
    fidelity.answer('changed');
    const changed = await click(shop);
    const faithful = await click(shop);
    const { body: view } = await shop.api<GenerationView>('GET', `/generations/${changed.id}`);
    expect(view.fidelity).toEqual({
      verdict: 'changed',
      findings: ['the red part has another colour'],
      findingTexts: [{ code: 'finding_part_colour', params: { colour: { code: 'colour_red' } } }],
      checks: {
        colour: { deltaE: 14, where: 'the red part' },
        structure: { score: 0.93 },
        located: true,
      },
      region: { x: 0.2, y: 0.25, width: 0.5, height: 0.6 },
    });
    const { body: page } = await shop.api<GenerationPage>('GET', '/generations?fidelity=changed');
    expect(page.generations.map((generation) => generation.id)).toEqual([changed.id]);
    const { body: all } = await shop.api<GenerationPage>('GET', '/generations');
    expect(all.generations.map((generation) => generation.id)).toContain(faithful.id);
    expect((await shop.api('GET', '/generations?fidelity=perfect')).status).toBe(400);
  });

  it("approves a bulk run's changed results together, and only those", async () => {
    const shop = await newShop();
    await shop.api('PATCH', '/settings', { reviewMode: true });
    const products = await emulatorProducts(harness.app, shop.shop);
    fidelity.answer('changed', 'faithful');
    const started = await shop.api<{ id: string }>('POST', '/bulk-runs', {
      target: { type: 'products', productIds: products.slice(0, 2) },
      kind: 'photo',
      model: 'nanobanana',
      prompt: 'On a marble counter',
    });
    expect(started.status).toBe(202);
    const waiting = await until(
      'both results in review',
      async () => {
        const { generations } = await harness.pipeline.generations.list(shop.shop, {
          bulkRunId: started.body.id,
          state: 'in_review',
        });
        return generations.length === 2 ? generations : null;
      },
      { deadlineMs: 30_000 },
    );
    const changed = waiting.find((generation) => generation.fidelity?.verdict === 'changed')!;
    const batch = await shop.api<ReviewBatchView>('POST', '/review-batches', {
      action: 'approve',
      target: { type: 'bulkRun', bulkRunId: started.body.id, fidelity: 'changed' },
      // The page's confirmation named them: approving changed results says so.
      approveFlagged: true,
    });
    expect(batch.status).toBe(202);
    expect(batch.body.total).toBe(1);
    expect((await shop.waitFor(changed.id, ['published', 'failed'])).state).toBe('published');
    const others = waiting.filter((generation) => generation.id !== changed.id);
    for (const other of others) {
      expect((await harness.pipeline.generations.get(shop.shop, other.id))?.state).toBe(
        'in_review',
      );
    }
  });

  it('refuses a batch approval with a changed result the request does not confirm, deciding nothing', async () => {
    const shop = await newShop();
    await shop.api('PATCH', '/settings', { reviewMode: true });
    fidelity.answer('changed', 'faithful');
    const changed = await click(shop);
    const faithful = await click(shop);
    const approve = (ids: string[], confirm: Record<string, unknown> = {}) =>
      shop.api<ReviewBatchView & ApiErrorBody>('POST', '/review-batches', {
        action: 'approve',
        target: { type: 'generations', ids },
        ...confirm,
      });

    const refused = await approve([faithful.id, changed.id]);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('flagged_results');
    expect(refused.body.message).toMatch(/^One of these results may not show the product as it is/);
    for (const { id } of [changed, faithful]) {
      expect((await harness.pipeline.generations.get(shop.shop, id))?.state).toBe('in_review');
    }

    expect((await approve([faithful.id])).status).toBe(202);
    expect((await approve([changed.id], { approveFlagged: true })).status).toBe(202);
    for (const { id } of [changed, faithful]) {
      expect((await shop.waitFor(id, ['published', 'failed'])).state).toBe('published');
    }
  });

  it('refuses a guard the settings do not know, and keeps the default', async () => {
    const shop = await newShop();
    const refused = await guard(shop, 'sometimes');
    expect(refused.status).toBe(400);
    const { body } = await shop.api<SettingsView>('GET', '/settings');
    expect(body.fidelityGuard).toBe('changed');
  });

  it('tells Flow the verdict of a result ready for review', async () => {
    const shop = await newShop();
    fidelity.answer('changed');
    const held = await click(shop);
    const trigger = await until(
      'the ready-for-review trigger',
      async () => {
        const { triggers } = (await harness.app.shopifyControl(
          'GET',
          `/shops/${shop.shop}/flow-triggers`,
        )) as { triggers: { handle: string; payload: Record<string, unknown> }[] };
        return triggers.find((one) => one.payload['Generation ID'] === held.id) ?? null;
      },
      { deadlineMs: 30_000 },
    );
    expect(trigger).toMatchObject({
      handle: 'productai-photo-ready-for-review',
      payload: { Fidelity: 'changed' },
    });
  });
});
