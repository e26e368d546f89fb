/**
 * From queued to saving (then a stand-in publish) with both emulators and a real Redis:
 * results by webhook and by polling, duplicate / forged / unknown deliveries, and the validation
 * POST. (What a delivery may change at all, and whose key reads a job: test/pipeline/receive/.)
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { FAST, startPipelineHarness, type PipelineHarness } from '../../support/pipeline-stack.ts';
import { deliver } from '../../support/productai-deliveries.ts';

let h: PipelineHarness;
/**
 * Polls first a minute after submission, so only the webhook can bring a result in the test's
 * time: with FAST's 400 ms, a loaded machine (the whole suite on 2 cores) let the first poll read
 * a 150 ms job before its webhook arrived.
 */
let webhookOnly: PipelineHarness;
beforeAll(async () => {
  [h, webhookOnly] = await Promise.all([
    startPipelineHarness(),
    startPipelineHarness({
      config: {
        polling: {
          ...FAST.polling!,
          firstPollMs: { photo: 60_000, upscale: 60_000, video: 60_000 },
        },
      },
    }),
  ]);
});

describe('submission and results', () => {
  it('marks the webhook connected when ProductAI sends its validation POST', async () => {
    const shop = await h.newShop();
    const settings = await h.app.deps.settings.get(shop.shop);
    expect(settings.webhook.connectedAt).not.toBeNull();
  });

  it('takes a photo from queued to published through the webhook, charged once', async () => {
    const shop = await webhookOnly.newShop();
    const generation = await shop.enqueue();
    const done = await shop.waitFor(generation.id, ['published', 'failed']);
    expect(done.state).toBe('published');
    expect(done.transitions.map((t) => t.state)).toEqual([
      'queued',
      'submitting',
      'processing',
      'saving',
      'published',
    ]);
    expect(done.transitions.find((t) => t.state === 'saving')!.note).toMatch(/^result by webhook/);
    expect(done.resultUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/cdn\//);
    expect(await shop.jobs()).toHaveLength(1);
    expect(done.chargedCredits).toBe(3);
  });

  it('finds the result by polling when no webhook is configured', async () => {
    const shop = await h.newShop({ webhook: false });
    const generation = await shop.enqueue();
    const done = await shop.waitFor(generation.id, ['published', 'failed']);
    expect(done.state).toBe('published');
    expect(done.transitions.find((t) => t.state === 'saving')!.note).toBe('result by poll');
  });

  it('processes a result once when the webhook is delivered twice', async () => {
    const shop = await h.newShop();
    await h.quiet();
    await h.productAiControl('POST', '/faults', { duplicateNextWebhook: 1 });
    const generation = await shop.enqueue();
    const done = await shop.waitFor(generation.id, ['published', 'failed']);
    expect(done.transitions.filter((t) => t.state === 'saving')).toHaveLength(1);
    const replay = await deliver(shop.webhookUrl, {
      status: 'success',
      image_url: 'http://127.0.0.1:9/other.png',
      job_id: String(done.productAiJobId),
    });
    expect(replay.status).toBe(200);
    const after = await h.pipeline.generations.get(shop.shop, generation.id);
    expect(after!.resultUrl).toBe(done.resultUrl);
    expect(after!.transitions).toHaveLength(done.transitions.length);
  });

  it('ignores an error delivery that arrives after the success (out of order)', async () => {
    const shop = await h.newShop();
    const generation = await shop.enqueue();
    const done = await shop.waitFor(generation.id, ['published', 'failed']);
    const late = await deliver(shop.webhookUrl, {
      status: 'error',
      job_id: String(done.productAiJobId),
    });
    expect(late.status).toBe(200);
    expect((await h.pipeline.generations.get(shop.shop, generation.id))!.state).toBe('published');
  });

  it('refuses a delivery from an address that is not ProductAI, and changes nothing', async () => {
    const shop = await h.newShop({ webhook: false });
    await h.stopWorkers();
    try {
      const generation = await shop.enqueue();
      const forged = await deliver(
        shop.webhookUrl,
        { status: 'success', image_url: 'http://127.0.0.1:9/forged.png', job_id: '1' },
        '127.0.0.1',
      );
      expect(forged.status).toBe(403);
      const validation = await deliver(shop.webhookUrl, { test: true, message: 'hi' }, '127.0.0.1');
      expect(validation.status).toBe(403);
      expect((await h.app.deps.settings.get(shop.shop)).webhook.connectedAt).toBeNull();
      expect((await h.pipeline.generations.get(shop.shop, generation.id))!.state).toBe('queued');
    } finally {
      await h.startWorkers();
    }
  });

  it('answers 404 for a wrong token and 400 for a malformed body', async () => {
    const shop = await h.newShop({ webhook: false });
    const wrong = await deliver(shop.webhookUrl.replace(/[^/]+$/, 'not-the-token'), { test: true });
    expect(wrong.status).toBe(404);
    const malformed = await deliver(shop.webhookUrl, { status: 'done' });
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as { message: string }).message).toMatch(/status/);
  });

  it('notes an unknown job id as unclaimed, shown only if ProductAI knows it, touching no generation', async () => {
    const shop = await h.newShop({ webhook: false });
    const generation = await shop.enqueue();
    await shop.waitFor(generation.id, ['published']);
    const unknown = await deliver(shop.webhookUrl, {
      status: 'success',
      image_url: 'http://127.0.0.1:9/x.png',
      job_id: '987654321',
    });
    expect(unknown.status).toBe(200);
    expect(await h.pipeline.internals.jobResults.unclaimed(shop.shop)).toEqual([
      { jobId: 987654321, receivedAt: expect.any(String) },
    ]);
    // ProductAI has no such job for the shop's key: nothing to show.
    expect(await h.pipeline.unclaimedResults.list(shop.shop)).toEqual([]);
    expect((await h.pipeline.generations.get(shop.shop, generation.id))!.transitions).toHaveLength(
      5,
    );
  });

  it('fails with a reason when ProductAI reports the job failed', async () => {
    const shop = await h.newShop();
    await h.quiet();
    await h.productAiControl('POST', '/faults', { failNextJob: 1 });
    const generation = await shop.enqueue();
    const done = await shop.waitFor(generation.id, ['published', 'failed']);
    expect(done.state).toBe('failed');
    expect(done.reason).toMatch(
      /ProductAI could not make this photo \(job \d+ ended with an error\)/,
    );
  });
});
