/**
 * Fair share: shop A's 100-product bulk run is queued, then shop B submits one product; B's
 * submission happens within one limiter slot: only what the dispatcher had already committed
 * to before the click (the one armed generation) takes a slot before B, and B goes ahead of
 * everything A still has waiting (which would take 20 windows to drain).
 */
import { beforeAll, expect, it } from 'vitest';
import type { Generation } from '../../../src/pipeline/generations/generation.ts';
import { startPipelineHarness, type PipelineHarness } from '../../support/pipeline-stack.ts';

// A limit the machine can saturate comfortably, so that slots, not CPU, pace the run.
const LIMIT = 5;
const WINDOW_MS = 1_000;

let h: PipelineHarness;
beforeAll(async () => {
  h = await startPipelineHarness({
    emulator: { rateLimitPerMin: LIMIT, rateLimitWindowMs: WINDOW_MS },
    config: { limiter: { limit: LIMIT, windowMs: WINDOW_MS } },
  });
});

it("submits shop B's single click in the next slot, ahead of shop A's 100-product run", async () => {
  const a = await h.newShop();
  const b = await h.newShop();
  const bulk: Generation[] = [];
  for (let i = 0; i < 100; i += 1)
    bulk.push(await a.enqueue({ priority: 'bulk', bulkRunId: 'run-a' }));
  // Let the run saturate the budget: B's click arrives while A's work waits for slots.
  await a.waitFor(bulk[2 * LIMIT]!.id, ['processing', 'saving', 'published'], 10_000);
  const clickedAt = Date.now();
  const click = await b.enqueue({ priority: 'interactive' });
  const submitted = await b.waitFor(click.id, ['processing', 'saving', 'published'], 10_000);
  const bSentAt = Date.parse(submitted.submittedAt!);
  await h.stopWorkers();

  const aSent: number[] = [];
  for (const item of bulk) {
    const generation = await h.pipeline.generations.get(a.shop, item.id);
    if (generation?.submittedAt) aSent.push(Date.parse(generation.submittedAt));
  }
  // Ahead of B only what was committed before the click: the armed generation (lookahead 1)
  // and one that may have been taking its slot at that very moment.
  const { lookahead } = h.pipeline.config.dispatcher;
  const ahead = aSent.filter((t) => t > clickedAt && t < bSentAt).length;
  expect(ahead).toBeLessThanOrEqual(lookahead + 1);
  // So B waits for the next slots of the window, never for A's backlog (18+ windows).
  expect(bSentAt - clickedAt).toBeLessThan(2 * WINDOW_MS);
  expect(bulk.length - aSent.filter((t) => t < bSentAt).length).toBeGreaterThan(50);
});
