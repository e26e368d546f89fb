/**
 * The rules service (src/features/rules/service.ts), called directly on the app the server runs: what
 * the overview reads besides the stored rules. (The HTTP behaviour, saving and refusing rules, a
 * rule's result end to end: test/web/api-rules.test.ts, the other files of this folder.)
 */
import { describe, expect, it } from 'vitest';
import type { NewGeneration } from '../../../src/pipeline/generations/generation.ts';
import { SUMMER_RULE } from '../../support/summer-rule.ts';
import { startTestApp } from '../../support/app.ts';

const app = await startTestApp();
const rules = app.deps.features.rules;
const { generations } = app.deps.pipeline;

/** A shop with the app installed and its offline token (the cap's day is on its time zone). */
async function installedShop(): Promise<string> {
  const shop = app.newShop();
  await app.deps.offlineTokens.ensure(shop, app.sessionToken(shop));
  return shop;
}

function generation(shop: string, extra: Partial<NewGeneration> = {}): NewGeneration {
  return {
    shop,
    kind: 'photo',
    productId: 'gid://shopify/Product/1',
    productTitle: 'Linen dress',
    productImageUrl: 'https://cdn.example/dress.png',
    sourceMediaIds: [],
    sourceImageUrls: [],
    params: { model: 'nanobanana', prompt: 'On a sunny beach', outputFormat: 'png' },
    estimatedCredits: 3,
    priority: 'bulk',
    ...extra,
  };
}

async function paused(shop: string, pausedBy: 'daily-cap' | 'shop'): Promise<void> {
  const created = await generations.create(generation(shop));
  await generations.transition(shop, created.id, {
    from: ['queued'],
    to: 'paused',
    patch: { reason: 'Paused.', action: null, pausedBy },
  });
}

/** Moved to `saving` with ProductAI's result, as if submitted and finished. */
async function withResult(shop: string, extra: Partial<NewGeneration>, resultUrl: string) {
  const { id } = await generations.create(generation(shop, extra));
  await generations.transition(shop, id, { from: ['queued'], to: 'submitting' });
  await generations.transition(shop, id, { from: ['submitting'], to: 'processing' });
  return generations.transition(shop, id, {
    from: ['processing'],
    to: 'saving',
    patch: { resultUrl },
  });
}

describe('the rules overview', () => {
  it('counts as waiting only the work the daily cap parked', async () => {
    const shop = await installedShop();
    await paused(shop, 'daily-cap');
    await paused(shop, 'daily-cap');
    await paused(shop, 'shop');
    await generations.create(generation(shop));

    expect((await rules.overview(shop)).waiting).toBe(2);
  });

  it('shows a photo by its result and a video by its product’s picture', async () => {
    const shop = await installedShop();
    const rule = await rules.create(shop, SUMMER_RULE);
    const photo = await withResult(shop, {}, 'https://cdn.example/photo-result.png');
    const video = await withResult(
      shop,
      { kind: 'video', productImageUrl: 'https://cdn.example/shirt.png' },
      'https://cdn.example/video-result.mp4',
    );
    await app.deps.engines.rules.store.addRecent(shop, rule.id, [photo.id, video.id]);

    const [shown] = (await rules.overview(shop)).rules;

    expect(
      Object.fromEntries(shown!.recent.map((result) => [result.generationId, result.imageUrl])),
    ).toEqual({
      [photo.id]: 'https://cdn.example/photo-result.png',
      [video.id]: 'https://cdn.example/shirt.png',
    });
  });
});
