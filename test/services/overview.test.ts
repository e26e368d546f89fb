/**
 * The overview service (src/services/overview.ts) on the app's own stores, with a clock of the
 * test's: which days' credits it counts, and how long it keeps them. (The overview over HTTP,
 * with real generations: test/web/api-overview.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import { createManualClock } from '../../src/platform/clock.ts';
import { createOverviewService } from '../../src/services/overview.ts';
import { createSetupGuideStore } from '../../src/stores/setup-guide.ts';
import { startTestApp } from '../support/app.ts';
import { storedGeneration } from './support/stored-generation.ts';

const DAY_MS = 86_400_000;

const app = await startTestApp();

/** A generation of `model` charged `credits` (counted on the UTC day it was created). */
async function charged(shop: string, model: string, credits: number) {
  const generation = await storedGeneration(app.deps, shop, 'queued', {
    params: { model, prompt: 'On a linen tablecloth', outputFormat: 'png' },
  });
  await app.deps.pipeline.generations.patch(shop, generation.id, { chargedCredits: credits });
  return generation;
}

/** An overview service reading the app's stores on a clock standing at `at`. */
function overviewAt(at: number) {
  const clock = createManualClock(at);
  const setupGuide = createSetupGuideStore(app.deps.redis);
  return { clock, overview: createOverviewService({ ...app.deps, clock, setupGuide }) };
}

describe('the overview service', () => {
  it('counts the credits of the last 30 days (UTC), today included, by model, largest first', async () => {
    const shop = app.newShop();
    const { createdAt } = await charged(shop, 'nanobanana', 3);
    await charged(shop, 'nanobanana2', 5);
    const day = createdAt.slice(0, 10);
    const noonThatDay = Date.parse(day) + DAY_MS / 2;

    const lastDay = await overviewAt(noonThatDay + 29 * DAY_MS).overview.get(shop);
    expect(lastDay.creditsByDay).toEqual([{ day, credits: 8 }]);
    expect(lastDay.creditsByModel).toEqual([
      { model: 'nanobanana2', credits: 5 },
      { model: 'nanobanana', credits: 3 },
    ]);

    const dayAfter = await overviewAt(noonThatDay + 30 * DAY_MS).overview.get(shop);
    expect(dayAfter.creditsByDay).toEqual([]);
    expect(dayAfter.creditsByModel).toEqual([]);
  });

  it('reads a shop’s credits once per 15 seconds, however often it is asked', async () => {
    const shop = app.newShop();
    await charged(shop, 'nanobanana', 3);
    const { clock, overview } = overviewAt(Date.now());
    expect((await overview.get(shop)).creditsByDay[0]?.credits).toBe(3);

    await charged(shop, 'nanobanana', 3);
    clock.advance(14_999);
    expect((await overview.get(shop)).creditsByDay[0]?.credits).toBe(3);
    clock.advance(1);
    expect((await overview.get(shop)).creditsByDay[0]?.credits).toBe(6);
  });
});
