/**
 * A ProductAI delivery is a notice, never the truth: whatever URL a delivery names, the result
 * a generation finishes with (and what is downloaded) is the `image_url` ProductAI's own job
 * endpoint reports; a delivery on the URL of a shop that neither owns the job nor shares its
 * ProductAI account changes nothing and is counted; unclaimed results show ProductAI's answer.
 * Deliveries are forged here from ProductAI's own address (the allow-list lets them in), with a
 * forger's file host that must never be asked for anything.
 *
 * The app's first poll of a job comes 10 minutes after submission, and a test that wants the
 * poll brings it forward (`pollNow`): what a delivery does is seen before any poll however slow
 * the machine (a first poll 5 s after submission beat a delivery at load 11). Shops have no
 * webhook registered at ProductAI, so every delivery is the test's.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { AttachContext } from '../../../src/pipeline/publish/index.ts';
import type { StageHandler } from '../../../src/pipeline/stages/stage.ts';
import {
  publishAtOnce,
  startPipelineHarness,
  type PipelineHarness,
  type TestShop,
} from '../../support/pipeline-stack.ts';
import { accountOf } from '../../../src/productai/account.ts';
import { deliver, startForgerHost, type ForgerHost } from '../../support/productai-deliveries.ts';

/** Every URL the stand-in publish downloaded, as the attach stage downloads `resultUrl`. */
const downloaded: string[] = [];
const downloadThenPublish: StageHandler<AttachContext> = async (ref, ctx) => {
  const generation = await ctx.generations.get(ref.shop, ref.generationId);
  const response = await fetch(generation!.resultUrl!);
  await response.arrayBuffer();
  downloaded.push(generation!.resultUrl!);
  return publishAtOnce(ref, ctx);
};

let h: PipelineHarness;
let forger: ForgerHost;
beforeAll(async () => {
  [h, forger] = await Promise.all([
    startPipelineHarness({
      emulator: { jobMs: 1_500 },
      config: {
        polling: {
          firstPollMs: { photo: 600_000, upscale: 600_000, video: 600_000 },
          intervalMs: { photo: 200, upscale: 200, video: 200 },
          backoff: 1,
          maxIntervalMs: 200,
          deadlineMs: { photo: 1_200_000, upscale: 1_200_000, video: 1_200_000 },
          // Not the eager cadence of a shop without a connected webhook: no poll unasked.
          eager: {
            intervalMs: { photo: 200, upscale: 200, video: 200 },
            forMs: { photo: 0, upscale: 0, video: 0 },
          },
        },
      },
      pipeline: { publish: { attach: downloadThenPublish, verify: publishAtOnce } },
    }),
    startForgerHost(),
  ]);
});

/** The generation's first poll of ProductAI now, instead of 10 minutes after submission. */
async function pollNow(generationId: string) {
  await expect
    .poll(() => h.pipeline.internals.queues.promote('await', generationId))
    .toBe('promoted');
}

const FOREIGN_METRIC = 'productai_webhook_foreign_deliveries_total';

async function foreignDeliveries(): Promise<number> {
  const metric = h.app.deps.metrics.registry.getSingleMetric(FOREIGN_METRIC);
  const { values } = await metric!.get();
  return values[0]?.value ?? 0;
}

/** A generation of the shop in `processing`, once ProductAI reports its job completed. */
async function completedJob(shop: TestShop) {
  const generation = await shop.enqueue();
  const processing = await shop.waitFor(generation.id, ['processing']);
  const jobId = processing.productAiJobId!;
  const client = h.pipeline.context.productAi(shop.apiKey);
  await expect
    .poll(async () => (await client.getJob(jobId)).status, { timeout: 10_000 })
    .toBe('COMPLETED');
  const job = await client.getJob(jobId);
  return { generation, jobId, imageUrl: job.image_url! };
}

/** A job the account made outside the app (the studio), once ProductAI reports it completed. */
async function studioJob(apiKey: string, prompt = 'Made in the studio') {
  const client = h.pipeline.context.productAi(apiKey);
  const { id } = await client.generate({ model: 'gpt-2', prompt });
  await expect
    .poll(async () => (await client.getJob(id)).status, { timeout: 10_000 })
    .toBe('COMPLETED');
  return { id, imageUrl: (await client.getJob(id)).image_url! };
}

function forgedResult(jobId: number, file: string) {
  return { status: 'success', image_url: forger.fileUrl(file), job_id: String(jobId) };
}

describe("a delivery on the owner's URL", () => {
  it('finishes the generation with the URL ProductAI reports, never the one delivered', async () => {
    const shop = await h.newShop({ webhook: false });
    const { generation, jobId, imageUrl } = await completedJob(shop);

    const answer = await deliver(shop.webhookUrl, forgedResult(jobId, 'forged.png'));
    expect(answer.status).toBe(200);

    const done = await shop.waitFor(generation.id, ['published']);
    expect(done.transitions.find((t) => t.state === 'saving')!.note).toBe('result by webhook');
    expect(done.resultUrl).toBe(imageUrl);
    expect(downloaded).toContain(imageUrl);
    expect(forger.requests).toEqual([]);
  });

  it('for a job ProductAI has not finished changes nothing: the poll finishes it with ProductAI’s answer', async () => {
    const shop = await h.newShop({ webhook: false });
    const generation = await shop.enqueue();
    const processing = await shop.waitFor(generation.id, ['processing']);
    const jobId = processing.productAiJobId!;

    await deliver(shop.webhookUrl, forgedResult(jobId, 'early.png'));
    // The delivery's check has run, and found the job still running at ProductAI.
    await expect
      .poll(() => h.pipeline.internals.queues.pending('result', generation.id))
      .toBe(false);
    expect((await h.pipeline.generations.get(shop.shop, generation.id))!.state).toBe('processing');

    await pollNow(generation.id);
    const done = await shop.waitFor(generation.id, ['published']);
    expect(done.transitions.find((t) => t.state === 'saving')!.note).toBe('result by poll');
    const job = await h.pipeline.context.productAi(shop.apiKey).getJob(jobId);
    expect(done.resultUrl).toBe(job.image_url);
    expect(forger.requests).toEqual([]);
  });
});

describe("a delivery on another shop's URL", () => {
  it('changes nothing when that shop does not share the owner’s account, and is counted', async () => {
    const owner = await h.newShop({ webhook: false });
    const other = await h.newShop({ webhook: false });
    const { generation, jobId } = await completedJob(owner);
    const before = await foreignDeliveries();

    // Workers stopped: a `result` job, had one been enqueued, would still be pending.
    await h.stopWorkers();
    try {
      const answer = await deliver(other.webhookUrl, forgedResult(jobId, 'elsewhere.png'));
      expect(answer.status).toBe(200);
      expect(await answer.json()).toEqual({ ok: true });
      expect(await h.pipeline.internals.queues.pending('result', generation.id)).toBe(false);
      expect(await h.pipeline.internals.jobResults.noticedAt(jobId)).toBeNull();
      expect(await h.pipeline.internals.jobResults.unclaimed(other.shop)).toEqual([]);
      expect(await foreignDeliveries()).toBe(before + 1);
      const after = await h.pipeline.generations.get(owner.shop, generation.id);
      expect(after!.state).toBe('processing');
    } finally {
      await h.startWorkers();
    }
    await pollNow(generation.id);
    const done = await owner.waitFor(generation.id, ['published']);
    expect(done.transitions.find((t) => t.state === 'saving')!.note).toBe('result by poll');
    expect(forger.requests).toEqual([]);
  });

  it('is the owner’s notice when that shop holds a key of the same ProductAI account', async () => {
    const owner = await h.newShop({ webhook: false });
    const sharing = await h.newShop({ webhook: false });
    await h.app.deps.settings.saveApiKey(sharing.shop, owner.apiKey);
    const { generation, jobId, imageUrl } = await completedJob(owner);
    const before = await foreignDeliveries();

    await deliver(sharing.webhookUrl, forgedResult(jobId, 'shared.png'));
    const done = await owner.waitFor(generation.id, ['published']);
    expect(done.transitions.find((t) => t.state === 'saving')!.note).toBe('result by webhook');
    expect(done.resultUrl).toBe(imageUrl);
    expect(await foreignDeliveries()).toBe(before);
    expect(forger.requests).toEqual([]);
  });
});

describe('unclaimed results', () => {
  it('are listed and attached with the URL ProductAI reports for the shop’s key', async () => {
    const shop = await h.newShop({ webhook: false });
    // A job made outside the app; the only delivery naming it is forged.
    const outside = await studioJob(shop.apiKey);
    const { imageUrl } = outside;

    await deliver(shop.webhookUrl, forgedResult(outside.id, 'unclaimed.png'));
    await expect
      .poll(() => h.pipeline.unclaimedResults.list(shop.shop))
      .toEqual([
        { jobId: outside.id, url: imageUrl, mediaType: 'image', receivedAt: expect.any(String) },
      ]);

    const product = { id: 'gid://shopify/Product/1', title: 'Product 1', imageUrl: null };
    const attached = await h.pipeline.unclaimedResults.attach(shop.shop, outside.id, product);
    const done = await shop.waitFor(attached.id, ['published']);
    expect(done.resultUrl).toBe(imageUrl);
    expect(forger.requests).toEqual([]);
  });

  it('are adopted in their turn, never sent, when the web process died before the adoption', async () => {
    const shop = await h.newShop({ webhook: false });
    const outside = await studioJob(shop.apiKey);
    const { imageUrl } = outside;
    const credits = async () =>
      ((await h.productAiControl('GET', `/accounts/${shop.apiKey}`)) as { credits: number })
        .credits;
    const before = await credits();

    // The attach's first step only (stored in line, naming its job), as a crash leaves it.
    const attached = await h.pipeline.enqueueGeneration({
      shop: shop.shop,
      kind: 'photo',
      productId: 'gid://shopify/Product/1',
      productTitle: 'Product 1',
      productImageUrl: null,
      sourceMediaIds: [],
      sourceImageUrls: [],
      params: {},
      estimatedCredits: 0,
      priority: 'interactive',
      productAiJobId: outside.id,
      productAiAccount: accountOf(shop.apiKey),
    });
    const done = await shop.waitFor(attached.id, ['published']);
    expect(done.resultUrl).toBe(imageUrl);
    expect(done.transitions.map((step) => step.state)).not.toContain('submitting');
    expect(await credits()).toBe(before);
  });

  it('are not asked about again once ProductAI’s answer is settled', async () => {
    const shop = await h.newShop({ webhook: false });
    const outside = await studioJob(shop.apiKey);
    await deliver(shop.webhookUrl, forgedResult(outside.id, 'unclaimed.png'));
    const listed = await h.pipeline.unclaimedResults.list(shop.shop);
    expect(listed.map((result) => result.jobId)).toEqual([outside.id]);

    // ProductAI would now refuse the key: the completed job's answer is not asked for again.
    await h.productAiControl('PATCH', `/accounts/${shop.apiKey}`, { active: false });
    expect(await h.pipeline.unclaimedResults.list(shop.shop)).toEqual(listed);
  });

  it('do not show, nor attach, a job ProductAI does not know for the shop’s key', async () => {
    const shop = await h.newShop({ webhook: false });
    const stranger = await h.newShop({ webhook: false });
    // Another account's finished job, named on this shop's URL.
    const theirs = await studioJob(stranger.apiKey, 'Not yours');

    await deliver(shop.webhookUrl, forgedResult(theirs.id, 'theirs.png'));
    expect(await h.pipeline.internals.jobResults.unclaimed(shop.shop)).toEqual([
      { jobId: theirs.id, receivedAt: expect.any(String) },
    ]);
    expect(await h.pipeline.unclaimedResults.list(shop.shop)).toEqual([]);
    const product = { id: 'gid://shopify/Product/1', title: 'Product 1', imageUrl: null };
    await expect(h.pipeline.unclaimedResults.attach(shop.shop, theirs.id, product)).rejects.toThrow(
      /no longer waiting/,
    );
    expect(await h.pipeline.generations.count(shop.shop, {})).toBe(0);
    expect(forger.requests).toEqual([]);
  });
});
