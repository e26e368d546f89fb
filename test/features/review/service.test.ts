/**
 * The review service (src/features/review/service.ts), called directly on the app the server runs: what
 * the routes no longer decide themselves. (The HTTP behaviour, choosing and batches end to end:
 * test/web/api-options.test.ts, test/web/api-review-batches.test.ts.)
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { GenerationStore } from '../../../src/pipeline/generations/generation-store.ts';
import { createReviewService } from '../../../src/features/review/service.ts';
import { startTestApp } from '../../support/app.ts';
import { storedGeneration } from '../support/stored-generation.ts';

const app = await startTestApp();
const review = app.deps.features.review;

describe('option groups', () => {
  it('reads the options of one request, oldest first', async () => {
    const shop = app.newShop();
    const optionGroup = randomUUID();
    const first = await storedGeneration(app.deps, shop, 'in_review', { optionGroup });
    const second = await storedGeneration(app.deps, shop, 'in_review', { optionGroup });

    const group = await review.candidateGroup(shop, optionGroup);

    expect(group.id).toBe(optionGroup);
    expect(group.generations.map((option) => [option.id, option.state])).toEqual([
      [first.id, 'in_review'],
      [second.id, 'in_review'],
    ]);
  });

  it('says the options no longer exist when the group is unknown', async () => {
    await expect(review.candidateGroup(app.newShop(), randomUUID())).rejects.toMatchObject({
      kind: 'not_found',
      message: 'These options no longer exist.',
    });
  });

  it('refuses a choice that lost a race in the merchant’s words', async () => {
    const shop = app.newShop();
    const optionGroup = randomUUID();
    const chosen = await storedGeneration(app.deps, shop, 'in_review', { optionGroup });
    await storedGeneration(app.deps, shop, 'in_review', { optionGroup });
    // Another tab rejects the chosen option after this choice has read the group.
    const store = app.deps.pipeline.generations;
    let raced = false;
    const racing: GenerationStore = {
      ...store,
      async candidateGroup(racingShop, group) {
        const options = await store.candidateGroup(racingShop, group);
        if (!raced) {
          raced = true;
          await store.transition(shop, chosen.id, { from: ['in_review'], to: 'discarded' });
        }
        return options;
      },
    };
    const service = createReviewService({
      admin: app.deps.admin,
      pipeline: { ...app.deps.pipeline, generations: racing },
    });

    await expect(
      service.chooseCandidates(shop, optionGroup, { generationIds: [chosen.id] }),
    ).rejects.toMatchObject({
      kind: 'conflict',
      code: 'invalid_state',
      message: 'This generation is discarded now, so it cannot be approved.',
    });
  });
});

describe('review batches', () => {
  it('says a batch it no longer knows is gone', async () => {
    await expect(review.batch(app.newShop(), randomUUID())).rejects.toMatchObject({
      kind: 'not_found',
      message: 'This batch is no longer known.',
    });
  });
});
