/**
 * The shared budget against a service whose limit is lower than the app believes (another app
 * on the same address): the 429 pauses every submission for the time asked, and the work
 * resumes by itself, with nothing lost and nothing sent twice.
 */
import { beforeAll, expect, it } from 'vitest';
import { RATE_LIMITED_NOTE } from '../../../src/pipeline/submit/submit-stage.ts';
import { startPipelineHarness, type PipelineHarness } from '../../support/pipeline-stack.ts';

let h: PipelineHarness;
beforeAll(async () => {
  h = await startPipelineHarness({
    emulator: { rateLimitPerMin: 3, rateLimitWindowMs: 1_000 },
    config: { limiter: { limit: 15, windowMs: 1_000 } },
  });
});

it('waits out a 429 and then submits everything exactly once', async () => {
  const shop = await h.newShop();
  const generations = [];
  for (let i = 0; i < 8; i += 1) generations.push(await shop.enqueue());
  const done = await Promise.all(
    generations.map((g) => shop.waitFor(g.id, ['published', 'failed'], 20_000)),
  );
  expect(done.every((g) => g.state === 'published')).toBe(true);
  const slowedDown = done.filter((g) => g.transitions.some((t) => t.note === RATE_LIMITED_NOTE));
  expect(slowedDown.length).toBeGreaterThan(0);
  const jobs = await shop.jobs();
  expect(jobs).toHaveLength(8);
  expect(new Set(done.map((g) => g.productAiJobId)).size).toBe(8);
});
