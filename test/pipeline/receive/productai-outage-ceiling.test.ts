/**
 * The ceiling of the wait for ProductAI (src/pipeline/receive/productai-outage.ts): job reads
 * that fail for longer than it fail the generation, with the reason, rather than waiting for ever;
 * its result stays ProductAI's, so Try again saves it without a new charge. The ceiling is hours
 * in production (config.ts `awaiting`), a second here; the deadline is far past it.
 */
import { afterEach, beforeAll, expect, it } from 'vitest';
import { tryAgainOf } from '../../../src/pipeline/generations/generation.ts';
import { startPipelineHarness, type PipelineHarness } from '../../support/pipeline-stack.ts';

let h: PipelineHarness;
beforeAll(async () => {
  h = await startPipelineHarness({
    emulator: { jobMs: 100 },
    config: {
      awaiting: { outageCeilingMs: 1_000, outageFirstDelayMs: 20, outageMaxDelayMs: 100 },
    },
  });
});

afterEach(async () => {
  await h.productAiControl('POST', '/faults', { jobReadOutage: 0 });
});

it('fails a generation whose job reads fail past the ceiling, saying why, and offers to save it again for free', async () => {
  await h.productAiControl('POST', '/faults', { jobReadOutage: 503 });
  const shop = await h.newShop({ webhook: false });
  const generation = await shop.enqueue();

  const failed = await shop.waitFor(generation.id, ['failed', 'published'], 30_000);
  expect(failed.state).toBe('failed');
  expect(failed.reason).toBe(
    `ProductAI did not answer for 1 second, so the result of job ${failed.productAiJobId} could not be read.`,
  );
  expect(failed.action).toBe('Save it again: ProductAI keeps it, no new credits.');
  expect(tryAgainOf(failed)).toBe('resave');
  expect(await shop.jobs()).toHaveLength(1);
});
