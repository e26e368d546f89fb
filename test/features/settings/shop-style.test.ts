/**
 * The shop style, on the real app and both emulators: Settings → Style
 * stores a phrase (checked) and a reference image (uploaded, or a result the merchant liked);
 * every request follows the shop's style unless it says `style: 'none'`; the reference is
 * uploaded once per ProductAI account through upload-asset and reused, uploaded again when the
 * key changes or the hosted copy is old; a model that takes one image is sent without it, and
 * the generation says why.
 */
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type {
  ApiErrorBody,
  GenerationView,
  ProductDetail,
  SettingsView,
} from '../../../src/app-api/contract.ts';
import { systemClock } from '../../../src/platform/clock.ts';
import { accountOf } from '../../../src/productai/account.ts';
import {
  createUploadPacer,
  UPLOAD_INTERVAL_MS,
} from '../../../src/pipeline/limits/upload-pacer.ts';
import { createShopStyles } from '../../../src/pipeline/sources/shop-style.ts';
import { STYLE_REFERENCE_SENTENCE } from '../../../src/pipeline/generations/style-prompt.ts';
import { productsWithImages } from '../campaigns/support/campaigns.ts';
import { signedFlowAction } from '../../support/flow-actions.ts';
import { startPublishHarness, type TestShop } from '../../support/publish-stack.ts';
import { until } from '../../support/until.ts';

const harness = await startPublishHarness();
const { app } = harness;

const PHRASE = 'Soft daylight on pale linen, calm and airy';

/** A dusk-blue scene: what a merchant would pick as the look of their shop. */
const reference = await sharp({
  create: { width: 320, height: 240, channels: 3, background: { r: 40, g: 60, b: 120 } },
})
  .png()
  .toBuffer();

async function putReference(shop: TestShop, bytes: Buffer, type = 'image/png') {
  const response = await app.call('/api/settings/style/reference', {
    shop: shop.shop,
    method: 'PUT',
    headers: { 'content-type': type },
    body: new Uint8Array(bytes),
  });
  return { status: response.status, body: (await response.json()) as SettingsView & ApiErrorBody };
}

async function styledShop(): Promise<TestShop> {
  const shop = await harness.newShop();
  await shop.api('PATCH', '/settings', { style: { phrase: PHRASE } });
  expect((await putReference(shop, reference)).status).toBe(200);
  return shop;
}

async function photo(shop: TestShop, request: Record<string, unknown> = {}) {
  const [productId] = await productsWithImages(app, shop.shop, 1);
  const { body: product } = await shop.api<ProductDetail>(
    'GET',
    `/products/${encodeURIComponent(productId!)}`,
  );
  const { status, body } = await shop.api<GenerationView>('POST', '/generations', {
    productId,
    kind: 'photo',
    model: 'nanobanana',
    prompt: 'On a wooden table',
    sourceMediaIds: [product.images[0]!.id],
    ...request,
  });
  expect(status).toBe(202);
  await shop.waitFor(body.id, ['in_review', 'published']);
  return (await shop.api<GenerationView>('GET', `/generations/${body.id}`)).body;
}

interface EmulatorJob {
  prompt: string;
  images: number;
  styleReference: boolean;
}

async function jobsOf(apiKey: string): Promise<EmulatorJob[]> {
  const { jobs } = (await harness.productAiControl(
    'GET',
    `/jobs?key=${encodeURIComponent(apiKey)}`,
  )) as { jobs: EmulatorJob[] };
  return jobs;
}

/** The account's uploads, as ProductAI lists them (the earlier interface's asset list). */
async function uploadsOf(apiKey: string): Promise<number> {
  const response = await fetch(`${harness.productAi.url}/v1/my-uploaded-assets`, {
    headers: { authorization: `Bearer ${apiKey}` },
  });
  return ((await response.json()) as { assets: unknown[] }).assets.length;
}

describe('Settings → Style', () => {
  it('stores the phrase, trimmed, and shows it with the settings', async () => {
    const shop = await harness.newShop();
    const { status, body } = await shop.api<SettingsView>('PATCH', '/settings', {
      style: { phrase: `  ${PHRASE}  ` },
    });
    expect(status).toBe(200);
    expect(body.style).toEqual({ phrase: PHRASE, reference: null });
    expect((await shop.api<SettingsView>('GET', '/settings')).body.style.phrase).toBe(PHRASE);
  });

  it('refuses a phrase over 300 characters or on several lines, naming the field', async () => {
    const shop = await harness.newShop();
    for (const phrase of ['x'.repeat(301), 'Soft light\nlinen']) {
      const { status, body } = await shop.api<ApiErrorBody>('PATCH', '/settings', {
        style: { phrase },
      });
      expect(status).toBe(400);
      expect(Object.keys(body.fields ?? {})).toEqual(['style.phrase']);
    }
    expect((await shop.api<SettingsView>('GET', '/settings')).body.style.phrase).toBe('');
  });

  it('keeps an uploaded reference image, shown as a thumbnail, until it is removed', async () => {
    const shop = await harness.newShop();
    const { status, body } = await putReference(shop, reference);
    expect(status).toBe(200);
    expect(body.style.reference).toMatchObject({
      source: 'upload',
      generationId: null,
      hash: expect.stringMatching(/^[0-9a-f]{16}$/),
      thumbnail: expect.stringMatching(/^data:image\/png;base64,/),
    });
    const removed = await shop.api<SettingsView>('DELETE', '/settings/style/reference');
    expect(removed.body.style.reference).toBeNull();
  });

  it('refuses bytes that are no image with a 400 that says what to send', async () => {
    const shop = await harness.newShop();
    const { status, body } = await putReference(shop, Buffer.from('not a picture'));
    expect(status).toBe(400);
    expect(body.error).toBe('invalid_style_image');
    expect(body.message).toMatch(/JPEG, PNG or WebP/);
  });
});

// Its tests wait for results saved to Shopify: minutes at load 17, seconds idle.
describe('a request made with the shop style', { timeout: 240_000 }, () => {
  it('carries the phrase in the prompt and the reference after the product image', async () => {
    const shop = await styledShop();
    const generation = await photo(shop);

    const [job] = await jobsOf(shop.apiKey);
    expect(job!.prompt).toBe(`On a wooden table. Style: ${PHRASE}. ${STYLE_REFERENCE_SENTENCE}`);
    expect(job).toMatchObject({ images: 2, styleReference: true });
    const { body: settings } = await shop.api<SettingsView>('GET', '/settings');
    expect(generation.style).toEqual({
      phrase: PHRASE,
      reference: {
        hash: settings.style.reference!.hash,
        sent: true,
        reason: null,
        reasonText: null,
      },
    });
  });

  it('uploads the reference once and reuses its hosted URL', async () => {
    const shop = await styledShop();
    await photo(shop);
    await photo(shop, { prompt: 'On a marble shelf' });

    expect((await jobsOf(shop.apiKey)).map((job) => job.styleReference)).toEqual([true, true]);
    expect(await uploadsOf(shop.apiKey)).toBe(1);
  });

  it('uploads it again with a new key (a new account)', async () => {
    const shop = await styledShop();
    await photo(shop);
    const newKey = `key-${randomUUID()}`;
    await harness.productAiControl('POST', '/accounts', { key: newKey, credits: 1_000 });
    await app.deps.features.settings.saveApiKey(shop.shop, newKey);

    await photo(shop);

    expect(await uploadsOf(shop.apiKey)).toBe(1);
    expect(await uploadsOf(newKey)).toBe(1);
    expect((await jobsOf(newKey))[0]).toMatchObject({ styleReference: true });
  });

  it('is sent without the reference by a model that takes one image, and says why', async () => {
    const shop = await styledShop();
    const generation = await photo(shop, { model: 'kontext-pro' });

    const [job] = await jobsOf(shop.apiKey);
    expect(job).toMatchObject({
      prompt: `On a wooden table. Style: ${PHRASE}.`,
      images: 1,
      styleReference: false,
    });
    expect(generation.style?.reference).toMatchObject({
      sent: false,
      reason: expect.stringMatching(/takes one image/),
    });
    expect(await uploadsOf(shop.apiKey)).toBe(0);
  });

  it("is sent as asked with style 'none'", async () => {
    const shop = await styledShop();
    const generation = await photo(shop, { style: 'none' });

    expect((await jobsOf(shop.apiKey))[0]).toMatchObject({
      prompt: 'On a wooden table',
      images: 1,
    });
    expect(generation.style).toBeNull();
  });

  it('can take a result the merchant liked as the shop style', async () => {
    const shop = await harness.newShop();
    const liked = await photo(shop);

    const { status, body } = await shop.api<SettingsView>(
      'POST',
      '/settings/style/reference/from-generation',
      { generationId: liked.id },
    );

    expect(status).toBe(200);
    expect(body.style.reference).toMatchObject({ source: 'result', generationId: liked.id });
  });
});

describe('automatic work follows the shop style too', () => {
  it('a bulk run sends each product with it', async () => {
    const shop = await styledShop();
    const productIds = await productsWithImages(app, shop.shop, 2);
    const run = await app.deps.features.bulkRuns.start(shop.shop, {
      target: { type: 'products', productIds },
      kind: 'photo',
      model: 'nanobanana',
      prompt: 'On a wooden table',
    });
    await until('both requests sent', async () => (await jobsOf(shop.apiKey)).length === 2, {
      deadlineMs: 20_000,
    });

    const jobs = await jobsOf(shop.apiKey);
    expect(jobs.every((job) => job.styleReference && job.prompt.includes(PHRASE))).toBe(true);
    expect(run.params.style).toBeUndefined();
  });

  it("a Flow run follows it, unless its Shop style field says 'none'", async () => {
    const shop = await styledShop();
    const [productId] = await productsWithImages(app, shop.shop, 1);
    const flowRun = async (style?: string) => {
      // As Flow sends it (the service trims the field, any case).
      const request = signedFlowAction({
        shopify_domain: shop.shop,
        action_run_id: randomUUID(),
        properties: {
          product_id: productId!.slice(productId!.lastIndexOf('/') + 1),
          prompt: 'On oak',
          model: 'nanobanana',
          ...(style === undefined ? {} : { style }),
        },
      });
      const { generationId } = await app.deps.features.flowActions.generatePhoto(request);
      return shop.waitFor(generationId, ['in_review', 'published']);
    };

    expect((await flowRun()).style?.reference?.sent).toBe(true);
    expect((await flowRun(' None ')).style).toBeNull();
  });
});

describe('hosting the reference', () => {
  it('uploads again once the hosted copy is older than its age limit, a second apart', async () => {
    const shop = await styledShop();
    const { redis } = app.deps;
    const pacer = createUploadPacer(redis, systemClock);
    // When each upload's turn came: no earlier than its reserved time, which is no earlier than
    // the reservation, so the bound below holds however late the machine's load makes a turn.
    const turns: number[] = [];
    const styles = createShopStyles({
      redis,
      clock: systemClock,
      store: app.deps.settings,
      pacer: {
        async waitTurn(account) {
          await pacer.waitTurn(account);
          turns.push(Date.now());
        },
      },
      productAi: (apiKey) => app.deps.pipeline.context.productAi(apiKey),
      maxAgeMs: 1,
    });
    const request = {
      kind: 'photo' as const,
      params: { model: 'nanobanana', prompt: 'On a shelf' },
      sourceImageUrls: ['https://cdn.example/one.png'],
    };

    const asked = Date.now();
    const first = await styles.forRequest(shop.shop, shop.apiKey, request);
    const firstAt = (await app.deps.settings.getHostedReference(
      shop.shop,
      accountOf(shop.apiKey),
    ))!;
    await new Promise((resolve) => setTimeout(resolve, 5));
    const second = await styles.forRequest(shop.shop, shop.apiKey, request);
    const secondAt = (await app.deps.settings.getHostedReference(
      shop.shop,
      accountOf(shop.apiKey),
    ))!;

    expect(await uploadsOf(shop.apiKey)).toBe(2);
    expect(second.referenceUrl).not.toBe(first.referenceUrl);
    // ProductAI allows one upload per second per account: the second waited its turn, at least
    // the pacer's interval after the first was asked for (the upload times themselves are
    // stamped after each upload ends, so a slow first upload brought them closer at load).
    expect(secondAt.uploadedAt).toBeGreaterThan(firstAt.uploadedAt);
    expect(turns).toHaveLength(2);
    expect(turns[1]! - asked).toBeGreaterThanOrEqual(UPLOAD_INTERVAL_MS - 5); // timers' rounding
  });
});
