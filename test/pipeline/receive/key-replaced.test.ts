/**
 * A generation sent with one ProductAI key, whose shop saves another key while it is being made,
 * still settles: its job is read with the key it was sent with (kept sealed for a while after it
 * is replaced, src/pipeline/receive/submission-key.ts). When that key is gone or ProductAI no
 * longer accepts it, the generation fails with a reason saying so and is never sent again.
 *
 * Jobs take 1.5 s at the emulator; polls come every 100 ms after the first at 400 ms.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  startPipelineHarness,
  type PipelineHarness,
  type TestShop,
} from '../../support/pipeline-stack.ts';
import { connectProductAiAccount } from '../../support/productai-accounts.ts';

let h: PipelineHarness;
beforeAll(async () => {
  h = await startPipelineHarness({ emulator: { jobMs: 1_500 } });
});

/** The shop's generation, sent with its first key and not finished yet at ProductAI. */
async function sentWithFirstKey(shop: TestShop) {
  const generation = await shop.enqueue();
  const processing = await shop.waitFor(generation.id, ['processing']);
  return { id: generation.id, jobId: processing.productAiJobId! };
}

/** A second ProductAI account, its key saved in the shop's settings (replacing the first). */
async function saveAnotherKey(shop: TestShop): Promise<string> {
  const { apiKey } = await connectProductAiAccount(h.app, h.productAiControl, shop.shop, {
    apiKey: `key-${randomUUID()}`,
    credits: 100,
    webhook: false,
  });
  return apiKey;
}

async function jobsOf(apiKey: string): Promise<unknown[]> {
  const { jobs } = (await h.productAiControl('GET', `/jobs?key=${apiKey}`)) as { jobs: unknown[] };
  return jobs;
}

describe('a key replaced while a generation is being made', () => {
  it('leaves the generation to settle, read with the key it was sent with', async () => {
    const shop = await h.newShop({ webhook: false });
    const { id, jobId } = await sentWithFirstKey(shop);
    const second = await saveAnotherKey(shop);

    const done = await shop.waitFor(id, ['published', 'failed']);
    expect(done.state).toBe('published');
    const job = await h.pipeline.context.productAi(shop.apiKey).getJob(jobId);
    expect(done.resultUrl).toBe(job.image_url);
    expect(done.chargedCredits).toBe(3);
    expect(await shop.jobs()).toHaveLength(1);
    expect(await jobsOf(second)).toEqual([]);
  });

  it('fails the generation with the reason, not sending it again, once ProductAI refuses that key', async () => {
    const shop = await h.newShop({ webhook: false });
    const { id, jobId } = await sentWithFirstKey(shop);
    const second = await saveAnotherKey(shop);
    await h.productAiControl('PATCH', `/accounts/${shop.apiKey}`, { active: false });

    const done = await shop.waitFor(id, ['published', 'failed']);
    expect(done.state).toBe('failed');
    expect(done.reason).toBe(
      `ProductAI no longer accepts the key this photo was sent with, so the app cannot read its result (job ${jobId}). ProductAI charged it when it was sent; the app does not send it again, so nothing is charged twice.`,
    );
    expect(await shop.jobs()).toHaveLength(1);
    expect(await jobsOf(second)).toEqual([]);
    // The saved key is another: it stays valid, and the shop's work goes on.
    const settings = await h.app.deps.settings.get(shop.shop);
    expect(settings.apiKey.state).toBe('valid');
    expect(settings.paused).toBeNull();
  });
});

describe('a key removed while a generation is being made', () => {
  it('fails the generation with the reason, not sending it again', async () => {
    const shop = await h.newShop({ webhook: false });
    const { id, jobId } = await sentWithFirstKey(shop);
    await h.app.deps.settings.removeApiKey(shop.shop);

    const done = await shop.waitFor(id, ['published', 'failed']);
    expect(done.state).toBe('failed');
    expect(done.reason).toMatch(
      new RegExp(`has been replaced or removed since, .*\\(job ${jobId}\\)\\. .*not send it again`),
    );
    expect(done.action).toBe('Find the result in your ProductAI account, or try again.');
    expect(await shop.jobs()).toHaveLength(1);
  });
});
