/**
 * What the account can do to a submission: run out of credits or lose its key. (A request left
 * unanswered is uncertain.test.ts.)
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { startPipelineHarness, type PipelineHarness } from '../../support/pipeline-stack.ts';

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
