/**
 * Reading a job waits out a ProductAI outage (src/pipeline/receive/productai-outage.ts): while
 * ProductAI's job reads answer 503 or reset their connection, a processing generation says what
 * it waits for, and its await deadline does not run: an outage longer than the deadline ends
 * with the result read and saved, charged once. The outage is the ProductAI emulator's
 * (`jobReadOutage` fault).
 */
import { afterEach, beforeAll, expect, it } from 'vitest';
import type { Generation } from '../../../src/pipeline/generations/generation.ts';
import { toGenerationView } from '../../../src/pipeline/generations/generation-view.ts';
import { startPipelineHarness, type PipelineHarness } from '../../support/pipeline-stack.ts';
import { until } from '../../support/until.ts';

const DEADLINE_MS = 1_000;

let h: PipelineHarness;
beforeAll(async () => {
  h = await startPipelineHarness({
    emulator: { jobMs: 100 },
    config: {
      polling: { deadlineMs: { photo: DEADLINE_MS, upscale: DEADLINE_MS, video: DEADLINE_MS } },
      awaiting: { outageCeilingMs: 120_000, outageFirstDelayMs: 20, outageMaxDelayMs: 100 },
    },
  });
});

afterEach(async () => {
  await h.productAiControl('POST', '/faults', { jobReadOutage: 0 });
});

/** Resolves with the record once ProductAI has been unreachable for it longer than the deadline. */
async function waitingPastTheDeadline(shop: string, id: string): Promise<Generation> {
  let record: Generation | null = null;
  await until(
    'the generation waiting past its deadline',
    async () => {
      record = await h.pipeline.generations.get(shop, id);
      const since = record?.waitingFor?.since;
      return (
        record?.state === 'processing' &&
        since !== undefined &&
        Date.now() - Date.parse(record.submittedAt!) > 2 * DEADLINE_MS
      );
    },
    { deadlineMs: 20_000 },
  );
  return record!;
}

for (const [outage, fault] of [
  ['answer 503', 503],
  ['reset their connections', 1],
] as const) {
  it(`reads the result once ProductAI is back when its job reads ${outage} for longer than the deadline`, async () => {
    await h.quiet();
    await h.productAiControl('POST', '/faults', { jobReadOutage: fault });
    const shop = await h.newShop({ webhook: false });
    const generation = await shop.enqueue();

    const waiting = await waitingPastTheDeadline(shop.shop, generation.id);
    // Until when the app keeps trying: the wait's start plus the ceiling (120 s here, 6 h in
    // production), as the instant each client writes on the shop's clock.
    const givesUpAt = new Date(Date.parse(waiting.waitingFor!.since) + 120_000).toISOString();
    expect(toGenerationView(waiting)).toMatchObject({
      state: 'processing',
      waitingFor: 'productai',
      reason: `Waiting for ProductAI to come back — the result is read as soon as it answers. The app keeps trying until ${givesUpAt.slice(11, 16)} UTC.`,
      reasonText: { code: 'waiting_productai_until', params: { time: { at: givesUpAt } } },
    });

    await h.productAiControl('POST', '/faults', { jobReadOutage: 0 });
    const done = await shop.waitFor(generation.id, ['published', 'failed']);
    expect(done.state).toBe('published');
    expect(done.productAiUnreachableMs).toBeGreaterThan(DEADLINE_MS);
    expect(await shop.jobs()).toHaveLength(1);
  });
}
