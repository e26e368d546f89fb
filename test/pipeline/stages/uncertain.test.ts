/**
 * Uncertain submissions (the request may have reached ProductAI, no answer came back) end
 * without the merchant: the job is adopted when ProductAI has it (from its webhook, or found in
 * the account's job list), and the request is sent again only once ProductAI provably never
 * accepted it. Same-prompt submissions are never in flight together, so every job has exactly
 * one possible owner. The merchant cannot send one again (a blind resend could charge twice),
 * only cancel it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { startPipelineHarness, type PipelineHarness } from '../../support/pipeline-stack.ts';
import { ADOPTED_WHEN_UNCERTAIN, SENT_AGAIN_ONCE } from '../../support/generations.ts';

let h: PipelineHarness;
/** Its job-list look comes only after a minute: what settles a submission is its webhook. */
let webhookOnly: PipelineHarness;
beforeAll(async () => {
  [h, webhookOnly] = await Promise.all([
    startPipelineHarness(),
    startPipelineHarness({ config: { reconcile: { firstCheckMs: 60_000 } } }),
  ]);
});

const states = (generation: { transitions: { state: string }[] }) =>
  generation.transitions.map((t) => t.state);

describe('uncertain submissions', () => {
  it('adopts the job of a request that got no answer when its webhook arrives', async () => {
    const shop = await webhookOnly.newShop();
    const { timeoutMs } = webhookOnly.pipeline.config.submit;
    // The result comes after the request gave up, to a generation already uncertain.
    await webhookOnly.productAiControl('POST', '/faults', {
      hangNext: 1,
      webhookDelayMs: timeoutMs + 500,
    });
    const generation = await shop.enqueue();
    const done = await shop.waitFor(generation.id, ['published']);
    await webhookOnly.productAiControl('DELETE', '/faults');
    expect(done.transitions.find((t) => t.state === 'processing')?.note).toMatch(
      /its webhook matched/,
    );
    expect(done.transitions.find((t) => t.state === 'uncertain')?.note).toBe(
      'no usable answer (maybe_sent)',
    );
    expect(states(done)).toEqual(ADOPTED_WHEN_UNCERTAIN);
    const jobs = await shop.jobs();
    expect(jobs.map((job) => job.id)).toEqual([done.productAiJobId]);
    expect(await webhookOnly.pipeline.internals.jobResults.unclaimed(shop.shop)).toEqual([]);
    // The notice naming the shop whose URL it reached went with the adoption.
    expect(await webhookOnly.pipeline.internals.jobResults.noticedAt(done.productAiJobId!)).toBe(
      null,
    );
  });

  it("finds the job in ProductAI's job list when no webhook comes, and never sends again", async () => {
    const shop = await h.newShop({ webhook: false });
    await h.quiet();
    await h.productAiControl('POST', '/faults', { hangNext: 1 });
    const generation = await shop.enqueue();
    const done = await shop.waitFor(generation.id, ['published']);
    const adopted = done.transitions.find((t) => t.state === 'processing');
    expect(adopted?.note).toMatch(/found in ProductAI's list/);
    const jobs = await shop.jobs();
    expect(jobs.map((job) => job.id)).toEqual([done.productAiJobId]);
    expect(done.chargedCredits).toBe(3);
  });

  it('adopts a job ProductAI created after the request gave up, and charges it once', async () => {
    const shop = await h.newShop({ webhook: false });
    await h.quiet();
    const { submit, reconcile } = h.pipeline.config;
    // ProductAI's intake (its downloads of the product's images) ends after the app's request
    // gave up, with most of the listing delay to spare for the downloads of a loaded machine.
    const intakeDelayMs = submit.timeoutMs + reconcile.listingDelayMs / 4;
    await h.productAiControl('POST', '/faults', { slowIntakeNext: 1, intakeDelayMs });
    const generation = await shop.enqueue();
    const done = await shop.waitFor(generation.id, ['published']);
    await h.productAiControl('DELETE', '/faults');
    expect(states(done)).toEqual(ADOPTED_WHEN_UNCERTAIN);
    expect(done.transitions.find((t) => t.state === 'processing')?.note).toMatch(
      /found in ProductAI's list/,
    );
    expect((await shop.jobs()).map((job) => job.id)).toEqual([done.productAiJobId]);
    expect(done.chargedCredits).toBe(3);
  });

  it('sends again a request ProductAI never accepted, once its job would certainly be listed', async () => {
    const shop = await h.newShop({ webhook: false });
    await h.quiet();
    // A 500 before the service does anything: the app cannot know that nothing was made.
    await h.productAiControl('POST', '/faults', { serverErrorNext: 1 });
    const generation = await shop.enqueue();
    const done = await shop.waitFor(generation.id, ['published']);
    expect(states(done)).toEqual(SENT_AGAIN_ONCE);
    const [, submitting, , requeued] = done.transitions;
    const { submit, limiter, reconcile } = h.pipeline.config;
    // Not before the request's last possible arrival, plus the listing delay.
    expect(Date.parse(requeued!.at) - Date.parse(submitting!.at)).toBeGreaterThanOrEqual(
      submit.timeoutMs + limiter.arrivalMarginMs + reconcile.listingDelayMs,
    );
    expect(requeued!.note).toMatch(/never accepted/);
    expect(await shop.jobs()).toHaveLength(1);
  });

  it('sends no request with the same prompt while one is unsettled: each job has one owner', async () => {
    const shop = await h.newShop();
    await h.quiet();
    await h.productAiControl('POST', '/faults', { hangNext: 1 });
    const params = { model: 'nanobanana', prompt: 'Same scene', outputFormat: 'png' as const };
    const first = await shop.enqueue({ params });
    const second = await shop.enqueue({ params });
    const [one, two] = await Promise.all([
      shop.waitFor(first.id, ['published']),
      shop.waitFor(second.id, ['published']),
    ]);
    expect(states(one)).toContain('uncertain');
    const adopted = one.transitions.find((t) => t.state === 'processing')!;
    expect(Date.parse(two.submittedAt!)).toBeGreaterThanOrEqual(Date.parse(adopted.at));
    expect(states(two)).toEqual(['queued', 'submitting', 'processing', 'saving', 'published']);
    const jobs = await shop.jobs();
    expect(new Set(jobs.map((job) => job.id))).toEqual(
      new Set([one.productAiJobId, two.productAiJobId]),
    );
    expect(jobs).toHaveLength(2);
  });
});

describe('the merchant and an uncertain generation', () => {
  it('may only cancel it: it is never sent again, and its result, when it comes, waits as unclaimed', async () => {
    const shop = await webhookOnly.newShop();
    const { timeoutMs } = webhookOnly.pipeline.config.submit;
    // The answer never comes; the webhook comes well after the request gave up.
    await webhookOnly.productAiControl('POST', '/faults', {
      hangNext: 1,
      webhookDelayMs: timeoutMs + 1_500,
    });
    const generation = await shop.enqueue();
    await shop.waitFor(generation.id, ['uncertain']);
    const cancelled = await webhookOnly.pipeline.cancel(shop.shop, generation.id);
    expect(cancelled.state).toBe('cancelled');
    expect(cancelled.action).toMatch(/Unclaimed results/);

    const [job] = await shop.jobs();
    await expect
      .poll(() => webhookOnly.pipeline.unclaimedResults.list(shop.shop), { timeout: 10_000 })
      .toEqual([expect.objectContaining({ jobId: job!.id, mediaType: 'image' })]);
    await webhookOnly.productAiControl('DELETE', '/faults');
    expect(await shop.jobs()).toHaveLength(1);
    const after = await webhookOnly.pipeline.generations.get(shop.shop, generation.id);
    expect(states(after!)).toEqual(['queued', 'submitting', 'uncertain', 'cancelled']);
  });
});

describe('unclaimed results', () => {
  it('lists a paid result no submission can own, and attaches it to a product without a new charge', async () => {
    const shop = await h.newShop();
    // A job of the account made outside the app: its webhook reaches the shop's URL.
    const outside = await h.pipeline.context
      .productAi(shop.apiKey)
      .generate({ model: 'gpt-2', prompt: 'Made in the studio' });
    await expect
      .poll(() => h.pipeline.unclaimedResults.list(shop.shop), { timeout: 10_000 })
      .toEqual([expect.objectContaining({ jobId: outside.id })]);
    const listed = await h.pipeline.unclaimedResults.list(shop.shop);
    expect(listed).toEqual([expect.objectContaining({ jobId: outside.id })]);

    const template = await shop.enqueue();
    await shop.waitFor(template.id, ['published']);
    const product = { id: template.productId, title: template.productTitle, imageUrl: null };
    const attached = await h.pipeline.unclaimedResults.attach(shop.shop, outside.id, product);
    const done = await shop.waitFor(attached.id, ['published']);
    expect(done.productAiJobId).toBe(outside.id);
    expect(done.resultUrl).toBe(listed[0]!.url);
    expect(done.transitions.map((t) => t.state)).toEqual([
      'queued',
      'processing',
      'saving',
      'published',
    ]);
    // The template's job and the outside one: attaching sent nothing.
    expect(await shop.jobs()).toHaveLength(2);
    expect(await h.pipeline.unclaimedResults.list(shop.shop)).toEqual([]);
    await expect(
      h.pipeline.unclaimedResults.attach(shop.shop, outside.id, product),
    ).rejects.toThrow(/no longer waiting/);
  });
});
