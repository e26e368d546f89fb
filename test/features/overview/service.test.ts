/**
 * The overview service (src/features/overview/service.ts) on the app's own stores, with a clock
 * and a shop time zone of the test's: which days' credits it counts (the shop's), and how long
 * it keeps them. (The overview over HTTP, with real generations: test/web/api-overview.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import { createManualClock } from '../../../src/platform/clock.ts';
import { createOverviewService } from '../../../src/features/overview/service.ts';
import { createSetupGuideStore } from '../../../src/features/overview/setup-guide-store.ts';
import { campaignOfRun } from '../../../src/features/campaigns/engine.ts';
import { startTestApp } from '../../support/app.ts';
import { storedGeneration } from '../support/stored-generation.ts';

const DAY_MS = 86_400_000;

const app = await startTestApp();

/** A generation of `model` charged `credits`, sent to ProductAI at `at` (ISO; default: now). */
async function charged(shop: string, model: string, credits: number, at?: string) {
  const generation = await storedGeneration(app.deps, shop, 'queued', {
    params: { model, prompt: 'On a linen tablecloth', outputFormat: 'png' },
  });
  const submittedAt = at ?? generation.createdAt;
  await app.deps.pipeline.generations.patch(shop, generation.id, {
    submittedAt,
    chargedCredits: credits,
  });
  return submittedAt;
}

/** An overview service reading the app's stores on a clock standing at `at`, the shop in `zone`. */
function overviewAt(at: number, zone = 'UTC') {
  const clock = createManualClock(at);
  const setupGuide = createSetupGuideStore(app.deps.redis);
  const timeZones = { of: async () => zone };
  const overview = createOverviewService({
    ...app.deps,
    ...app.deps.engines,
    clock,
    setupGuide,
    timeZones,
    campaignOfRun: campaignOfRun(app.deps.engines.campaigns.store),
  });
  return { clock, overview };
}

describe('the overview service', () => {
  it('counts the credits of the last 30 days, today included, by model, largest first', async () => {
    const shop = app.newShop();
    const at = await charged(shop, 'nanobanana', 3);
    await charged(shop, 'nanobanana2', 5, at);
    const day = at.slice(0, 10);
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

  // Kathmandu is UTC+5:45: its midnight falls inside a UTC hour, and on another UTC day.
  it.each([
    ['Asia/Kathmandu', '2026-03-09T18:20:00Z', '2026-03-10T18:05:00Z'],
    ['America/Los_Angeles', '2026-03-10T07:10:00Z', '2026-03-11T06:50:00Z'],
    ['Pacific/Kiritimati', '2026-03-09T10:05:00Z', '2026-03-10T09:55:00Z'],
  ])(
    'counts spends just after and before midnight on the shop’s day (%s)',
    async (zone, after, before) => {
      const shop = app.newShop();
      await charged(shop, 'nanobanana', 3, after); // 00:0x on Mar 10, the shop's clock
      await charged(shop, 'nanobanana2', 5, before); // 23:5x on Mar 10
      const { overview } = overviewAt(Date.parse('2026-03-20T12:00:00Z'), zone);
      expect((await overview.get(shop)).creditsByDay).toEqual([{ day: '2026-03-10', credits: 8 }]);
    },
  );

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
