/**
 * What the account can do to a submission: run out of credits, lose its key, or leave a
 * request unanswered (uncertain, reconciled by the webhook or settled by the merchant).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { startPipelineHarness, type PipelineHarness } from './harness.ts';

let h: PipelineHarness;
beforeAll(async () => {
  h = await startPipelineHarness();
});

describe('out of credits', () => {
  it("pauses the shop's pending work with a reason, and resumes it when the merchant does", async () => {
    // nanobanana costs 3: one photo fits, the next two do not.
    const shop = await h.newShop({ credits: 4 });
    const first = await shop.enqueue();
    await shop.waitFor(first.id, ['published']);
    const second = await shop.enqueue();
    const third = await shop.enqueue();
    const pausedSecond = await shop.waitFor(second.id, ['paused']);
    const pausedThird = await shop.waitFor(third.id, ['paused']);
    expect(pausedSecond.reason).toMatch(/out of credits/);
    expect(pausedThird.reason).toMatch(/out of credits/);
    const settings = await h.app.deps.settings.get(shop.shop);
    expect(settings.paused?.reason).toMatch(/out of credits/);

    await h.productAiControl('PATCH', `/accounts/${shop.apiKey}`, { credits: 100 });
    expect(await h.pipeline.resumeShop(shop.shop)).toBe(2);
    expect((await h.app.deps.settings.get(shop.shop)).paused).toBeNull();
    await shop.waitFor(second.id, ['published']);
    await shop.waitFor(third.id, ['published']);
    expect(await shop.jobs()).toHaveLength(3);
  });

  it('holds work created while the shop is paused until it is resumed', async () => {
    const shop = await h.newShop({ credits: 0 });
    const first = await shop.enqueue();
    await shop.waitFor(first.id, ['paused']);
    const later = await shop.enqueue();
    expect(later.state).toBe('paused');
    await h.productAiControl('PATCH', `/accounts/${shop.apiKey}`, { credits: 100 });
    await h.pipeline.resumeShop(shop.shop);
    await shop.waitFor(first.id, ['published']);
    await shop.waitFor(later.id, ['published']);
  });
});

describe('API key', () => {
  it('marks an inactive key invalid and pauses the shop until a valid key is saved and work resumed', async () => {
    const shop = await h.newShop();
    await h.productAiControl('PATCH', `/accounts/${shop.apiKey}`, { active: false });
    const generation = await shop.enqueue();
    const paused = await shop.waitFor(generation.id, ['paused']);
    expect(paused.reason).toMatch(/rejected the API key/);
    expect((await h.app.deps.settings.get(shop.shop)).apiKey.state).toBe('invalid');
    expect(await shop.jobs()).toHaveLength(0);

    await h.productAiControl('PATCH', `/accounts/${shop.apiKey}`, { active: true });
    await h.app.deps.settings.saveApiKey(shop.shop, shop.apiKey);
    await h.pipeline.resumeShop(shop.shop);
    await shop.waitFor(generation.id, ['published']);
  });

  it('pauses the shop when no key is saved, sending nothing', async () => {
    const shop = await h.newShop();
    await h.app.deps.settings.removeApiKey(shop.shop);
    const generation = await shop.enqueue();
    const paused = await shop.waitFor(generation.id, ['paused']);
    expect(paused.reason).toMatch(/No ProductAI API key/);
    expect(await shop.jobs()).toHaveLength(0);
  });
});

describe('uncertain submissions', () => {
  it('settles a request that got no answer with the webhook of the job it created', async () => {
    const shop = await h.newShop();
    await h.quiet();
    await h.productAiControl('POST', '/faults', { hangNext: 1 });
    const generation = await shop.enqueue();
    // The webhook settles it within milliseconds of the request's timeout: read the history.
    const done = await shop.waitFor(generation.id, ['published']);
    const uncertain = done.transitions.find((t) => t.state === 'uncertain');
    expect(uncertain?.note).toBe('no usable answer (maybe_sent)');
    expect(done.transitions.map((t) => t.state)).toEqual([
      'queued',
      'submitting',
      'uncertain',
      'saving',
      'published',
    ]);
    const [job] = await shop.jobs();
    expect(done.productAiJobId).toBe(job!.id);
    expect(await shop.jobs()).toHaveLength(1);
    expect(await h.pipeline.internals.jobResults.unclaimed(shop.shop)).toEqual([]);
  });

  it('leaves an uncertain request without a result to the merchant, who may resubmit it', async () => {
    const shop = await h.newShop({ webhook: false });
    await h.quiet();
    await h.productAiControl('POST', '/faults', { hangNext: 1 });
    const generation = await shop.enqueue();
    await shop.waitFor(generation.id, ['uncertain']);
    // The job exists (and was charged) but no webhook tells the app: nothing is resent.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await h.pipeline.generations.get(shop.shop, generation.id))!.state).toBe('uncertain');
    expect(await shop.jobs()).toHaveLength(1);
    await h.pipeline.resolveUncertain(shop.shop, generation.id, 'resubmit');
    const done = await shop.waitFor(generation.id, ['published']);
    expect(await shop.jobs()).toHaveLength(2);
    expect(done.transitions.map((t) => t.state)).toContain('uncertain');
  });

  it('does not guess between two uncertain requests with the same prompt', async () => {
    const shop = await h.newShop();
    await h.quiet();
    await h.productAiControl('POST', '/faults', { hangNext: 2 });
    const params = { model: 'nanobanana', prompt: 'Same scene', outputFormat: 'png' as const };
    const one = await shop.enqueue({ params });
    const two = await shop.enqueue({ params });
    await shop.waitFor(one.id, ['uncertain']);
    await shop.waitFor(two.id, ['uncertain']);
    const deadline = Date.now() + 5_000;
    while ((await h.pipeline.internals.jobResults.unclaimed(shop.shop)).length < 2) {
      if (Date.now() > deadline) throw new Error('results did not arrive');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await h.pipeline.generations.get(shop.shop, one.id))!.state).toBe('uncertain');
    expect((await h.pipeline.generations.get(shop.shop, two.id))!.state).toBe('uncertain');
    const abandoned = await h.pipeline.resolveUncertain(shop.shop, one.id, 'abandon');
    expect(abandoned.state).toBe('cancelled');
  });
});
