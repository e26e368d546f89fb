/**
 * How soon the verify stage asks Shopify about a new file, and how often: the first
 * check once Shopify's processing time for that kind and size has passed, as the files before
 * showed it, then a short backoff; never more status checks per result than the fixed schedule
 * it replaced. Against the Shopify emulator (real schema, media processed in 400 ms here).
 */
import { randomUUID } from 'node:crypto';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ProductDetail } from '../../../src/app-api/contract.ts';
import { createOffsetClock } from '../../../src/platform/clock.ts';
import type { PipelineContext } from '../../../src/pipeline/context.ts';
import { createPublishStages, type PublishTiming } from '../../../src/pipeline/publish/index.ts';
import { createLearnedProcessingTimes } from '../../../src/pipeline/publish/learned-processing-times.ts';
import { MIN_RECHECK_MS } from '../../../src/pipeline/publish/publish-timing.ts';
import { createShopifyFiles } from '../../../src/pipeline/publish/shopify-files.ts';
import type { StageName } from '../../../src/pipeline/stages/stage.ts';
import { productImage } from '../../support/product-images.ts';
import { startPublishHarness, type PublishHarness } from '../../support/publish-stack.ts';
import { emulatorProducts, waitForFile } from '../../support/shop-media.ts';

const PROCESSING_MS = 400;
const TIMING: PublishTiming = {
  firstCheckMs: 50,
  maxCheckMs: 1_000,
  deadlineMs: { photo: 10_000, upscale: 10_000, video: 10_000 },
};

let harness: PublishHarness;
const statusChecks = new Map<string, number>();

beforeAll(async () => {
  harness = await startPublishHarness({
    mediaProcessingMs: PROCESSING_MS,
    // Every file status check any stage sends, by file.
    overrides: {
      fetch: async (input, init) => {
        if (typeof init?.body === 'string' && init.body.includes('"FileStatus"')) {
          const { variables } = JSON.parse(init.body) as { variables: { id: string } };
          statusChecks.set(variables.id, (statusChecks.get(variables.id) ?? 0) + 1);
        }
        return fetch(input, init);
      },
    },
  });
});

afterEach(async () => {
  await harness.app.shopifyControl('POST', '/faults', { clear: true });
});

/**
 * The attach and verify handlers of a fresh app (nothing learned yet, in Redis either), run by
 * hand as the workers run them: each verify run counted first, the stage a handler starts
 * recorded instead of queued.
 */
async function handRun() {
  const shop = await harness.newShop();
  const [productId] = await emulatorProducts(harness.app, shop.shop);
  const product = (
    await shop.api<ProductDetail>('GET', `/products/${encodeURIComponent(productId!)}`)
  ).body;
  const { attachStage, verifyStage } = createPublishStages({ timing: TIMING });
  const { generations, context } = harness.pipeline;
  const started: Array<{ stage: StageName; delayMs: number }> = [];
  // Real time, moved forward where a test lets minutes pass (an outage) without waiting them.
  const clock = createOffsetClock();
  const ctx: PipelineContext = {
    ...context,
    clock,
    processingTimes: createLearnedProcessingTimes(
      harness.app.deps.redis,
      `verify-timing-${randomUUID()}`,
    ),
    enqueue: async (stage, _ref, options) =>
      void started.push({ stage, delayMs: options?.delayMs ?? 0 }),
  };
  const files = createShopifyFiles(await context.admin(shop.shop));
  let n = 0;
  return {
    started,
    clock,
    /**
     * A saving generation with a result of its own, attached: its file is being processed.
     * `made`: the file was created between these two times (ms).
     */
    async attached() {
      n += 1;
      const url = harness.images.serve(
        `/${shop.shop}/${n}.png`,
        await productImage('png', 600, 600),
      );
      const generation = await shop.savingGeneration(product, url, `Scene ${n}`);
      const ref = { shop: shop.shop, generationId: generation.id };
      const after = Date.now();
      await attachStage(ref, ctx);
      const made = { after, before: Date.now() };
      const { fileId } = (await generations.get(shop.shop, generation.id))!;
      return { ref, fileId: fileId!, firstCheckMs: started.at(-1)!.delayMs, made };
    },
    /** Shopify keeps the shop's new files PROCESSING until released (the emulator's fault). */
    hold: (held: boolean) =>
      harness.app.shopifyControl('POST', '/faults', { shop: shop.shop, holdMedia: held }),
    async verify(ref: { shop: string; generationId: string }) {
      await generations.countAttempt(ref.shop, ref.generationId, 'verify');
      return verifyStage(ref, ctx);
    },
    ready: (fileId: string) => waitForFile(files, fileId, 'READY'),
    state: async (id: string) => (await generations.get(shop.shop, id))!.state,
  };
}

describe('verifying a new file', () => {
  it('links a file that Shopify reports READY at the first check at once, after that one check', async () => {
    const run = await handRun();
    const { ref, fileId } = await run.attached();
    await run.ready(fileId);
    const checksBefore = statusChecks.get(fileId) ?? 0;

    const outcome = await run.verify(ref);

    expect(outcome).toEqual({ status: 'done' });
    expect(await run.state(ref.generationId)).toBe('published');
    expect(statusChecks.get(fileId)! - checksBefore).toBe(1);
  });

  it('re-checks a file still processing after a short backoff, not a fixed second', async () => {
    const run = await handRun();
    await run.hold(true);
    const { ref, made } = await run.attached();

    const outcome = await run.verify(ref);

    // The next check a backoff's minimum later, or 2 % of the time since the file was made.
    const sinceMade = Date.now() - made.after;
    expect(outcome).toMatchObject({ status: 'later' });
    const { delayMs } = outcome as { delayMs: number };
    expect(delayMs).toBeGreaterThanOrEqual(MIN_RECHECK_MS);
    expect(delayMs).toBeLessThanOrEqual(Math.max(MIN_RECHECK_MS, Math.ceil(0.02 * sinceMade)));
    expect(await run.state(ref.generationId)).toBe('saving');
  });

  it('checks the next file of that kind and size about when Shopify took to process the last', async () => {
    const run = await handRun();
    await run.hold(true);
    const first = await run.attached();
    expect(first.firstCheckMs).toBe(TIMING.firstCheckMs);
    expect((await run.verify(first.ref)).status).toBe('later'); // still processing
    await run.hold(false);
    await run.ready(first.fileId);
    const seenReady = { after: Date.now(), outcome: await run.verify(first.ref) };
    const before = Date.now();
    expect(seenReady.outcome).toEqual({ status: 'done' });

    const second = await run.attached();

    // The time the first took as the check that found it READY saw it, less that check's
    // backoff (2 %): between the two checks, whatever the machine's load made of it.
    const took = { least: seenReady.after - first.made.before, most: before - first.made.after };
    expect(second.firstCheckMs).toBeGreaterThanOrEqual(Math.max(PROCESSING_MS, took.least) * 0.97);
    expect(second.firstCheckMs).toBeLessThanOrEqual(took.most + MIN_RECHECK_MS);
  });

  it('learns nothing of Shopify’s processing time from a file whose checks met a Shopify outage', async () => {
    const run = await handRun();
    const first = await run.attached();
    await harness.app.shopifyControl('POST', '/faults', { outage: { status: 502 } });
    expect(await run.verify(first.ref)).toMatchObject({ status: 'later', outage: 'shopify' });
    await harness.app.shopifyControl('POST', '/faults', { outage: null });
    await run.ready(first.fileId);
    // Shopify answers again two minutes after the file was made: READY at the first check since.
    run.clock.advance(120_000);
    expect(await run.verify(first.ref)).toEqual({ status: 'done' });

    const second = await run.attached();

    // Not the outage's two minutes: the next file is checked as if the first had not been seen.
    expect(second.firstCheckMs).toBe(TIMING.firstCheckMs);
  });
});

describe('what verifying costs', () => {
  it('spends fewer status checks per result than the fixed schedule it replaced', async () => {
    const shop = await harness.newShop();
    const [productId] = await emulatorProducts(harness.app, shop.shop);
    const product = (
      await shop.api<ProductDetail>('GET', `/products/${encodeURIComponent(productId!)}`)
    ).body;
    const checks: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const created = await shop.api<{ id: string }>('POST', '/generations', {
        productId: product.id,
        kind: 'photo',
        model: 'nanobanana',
        prompt: `Scene ${i}`,
        sourceMediaIds: [product.images[0]!.id],
      });
      const generation = await shop.waitFor(created.body.id, ['published', 'failed']);
      expect(generation.state).toBe('published');
      checks.push(statusChecks.get(generation.fileId!)!);
    }
    // The harness's workers check first after 50 ms, as the fixed schedule did (50 ms, then
    // doubling up to 200 ms: at 50, 100, 200, 400 and 600 ms, four or five checks for a file
    // READY 400 ms after its creation, once its source is fetched).
    const perResult = checks.reduce((a, b) => a + b, 0) / checks.length;
    expect(perResult).toBeLessThan(4);
    // Once one file showed Shopify's time, a file mostly needs one or two checks: three of the
    // four after the first (a file the loaded emulator processed late may take a few more; the
    // fixed schedule took four or five each).
    expect(checks.slice(1).filter((count) => count <= 2).length).toBeGreaterThanOrEqual(3);
  });
});
