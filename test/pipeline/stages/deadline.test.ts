/** The polling fallback gives up at its deadline, with a reason the merchant can act on. */
import { beforeAll, expect, it } from 'vitest';
import { startPipelineHarness, type PipelineHarness } from '../../support/pipeline-stack.ts';

let h: PipelineHarness;
beforeAll(async () => {
  h = await startPipelineHarness({
    // Jobs take 20 s; the deadline is 1 s after submission.
    emulator: { jobMs: 20_000 },
    config: {
      polling: { deadlineMs: { photo: 1_000, upscale: 1_000, video: 1_000 } },
    },
  });
});

it('fails a generation whose result has not come by the deadline, never before it', async () => {
  const shop = await h.newShop({ webhook: false });
  const generation = await shop.enqueue();
  const done = await shop.waitFor(generation.id, ['failed', 'published']);
  expect(done.state).toBe('failed');
  expect(done.reason).toMatch(/did not deliver a result within 1 second \(job \d+\)/);
  expect(done.attempts.await).toBeGreaterThanOrEqual(1);
  // Never early; how late, and how many polls fit in the second, is the machine's: at load 10 a
  // clean clone's run polled once, past the deadline (the polls' pace: paced-polling.test.ts;
  // the deadline at its real 15 minutes, counted on ProductAI's answers: productai-outage.test.ts).
  const failedAt = Date.parse(done.updatedAt);
  expect(failedAt - Date.parse(done.submittedAt!)).toBeGreaterThanOrEqual(1_000);
});
