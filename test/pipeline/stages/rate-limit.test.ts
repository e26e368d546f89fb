/**
 * The shared budget against a service whose limit is lower than the app believes (another app
 * on the same address): the 429 pauses every submission for the time asked, and the work
 * resumes by itself, with nothing lost and nothing sent twice.
 */
import { beforeAll, expect, it } from 'vitest';
import { toGenerationView } from '../../../src/pipeline/generations/generation-view.ts';
import { RATE_LIMITED_NOTE } from '../../../src/pipeline/submit/submit-stage.ts';
import { startPipelineHarness, type PipelineHarness } from '../../support/pipeline-stack.ts';
import { until } from '../../support/until.ts';

let h: PipelineHarness;
beforeAll(async () => {
  h = await startPipelineHarness({
    // 3 a window of 3 s: the 8 submissions meet it whatever the machine's load (at 1 s, a clean
    // clone at load 12 sent them slower than 3 a second, and no 429 came).
    emulator: { rateLimitPerMin: 3, rateLimitWindowMs: 3_000 },
    config: { limiter: { limit: 15, windowMs: 1_000 } },
  });
});

/**
 * The first generation seen back in line after a 429, as its view says it (read as the app's
 * clients would, while it waits; the limit is 3 s at most here, read every 10 ms).
 */
function firstRefused(shop: string, ids: readonly string[]) {
  return until(
    'a generation back in line after a 429',
    async () => {
      for (const id of ids) {
        const record = await h.pipeline.generations.get(shop, id);
        const last = record?.transitions.at(-1);
        // The move back in line carries its wait (on-refused.ts): no read finds one without it.
        if (record?.state === 'queued' && last?.note === RATE_LIMITED_NOTE)
          return { refusedAt: Date.parse(last.at), view: toGenerationView(record) };
      }
      return null;
    },
    { deadlineMs: 60_000, intervalMs: 10 },
  );
}

it('waits out a 429 and then submits everything exactly once', async () => {
  const shop = await h.newShop();
  const generations = await Promise.all(Array.from({ length: 8 }, () => shop.enqueue()));
  const refused = firstRefused(
    shop.shop,
    generations.map((g) => g.id),
  );
  // Read at the end; should an assertion before fail, its timeout is no unhandled rejection.
  refused.catch(() => undefined);
  const done = await Promise.all(
    generations.map((g) => shop.waitFor(g.id, ['published', 'failed'], 60_000)),
  );
  expect(done.every((g) => g.state === 'published')).toBe(true);
  const slowedDown = done.filter((g) => g.transitions.some((t) => t.note === RATE_LIMITED_NOTE));
  expect(slowedDown.length).toBeGreaterThan(0);
  const jobs = await shop.jobs();
  expect(jobs).toHaveLength(8);
  expect(new Set(done.map((g) => g.productAiJobId)).size).toBe(8);

  // Back in line, it said ProductAI limits the app's requests, and until when: the limiter's
  // pause, the Retry-After of a 3 s window at most, after the 429.
  const { refusedAt, view } = await refused;
  expect(view).toMatchObject({
    state: 'queued',
    waitingFor: 'productai',
    reasonText: { code: 'waiting_productai_limit_send' },
  });
  const resumes = Date.parse((view.reasonText!.params!.time as { at: string }).at);
  expect(resumes).toBeGreaterThan(refusedAt);
  expect(resumes).toBeLessThanOrEqual(refusedAt + 3_000);
  expect(done.every((g) => toGenerationView(g).waitingFor === null)).toBe(true);
});
