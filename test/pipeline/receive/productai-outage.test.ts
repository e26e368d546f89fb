/**
 * Reading a job waits out a ProductAI outage (src/pipeline/receive/productai-outage.ts): while
 * ProductAI's job reads answer 503 or reset their connection, a processing generation says what
 * it waits for, and its await deadline does not run: an outage longer than the deadline ends
 * with the result read and saved, charged once. The outage is the ProductAI emulator's
 * (`jobReadOutage` fault).
 *
 * At the real deadline (the pipeline's default, minutes): the outage outlasts it on the app's
 * clock, which the test moves on while the generation waits, not in wall-clock time. A deadline
 * compressed to a second was eaten by the time ProductAI did answer (the submission, the job's
 * render) on a busy machine, and the generation failed there, as it should.
 */
import { afterEach, beforeAll, expect, it } from 'vitest';
import { defaultPipelineConfig } from '../../../src/pipeline/config.ts';
import type { Generation } from '../../../src/pipeline/generations/generation.ts';
import { toGenerationView } from '../../../src/pipeline/generations/generation-view.ts';
import { createOffsetClock } from '../../../src/platform/clock.ts';
import { startPipelineHarness, type PipelineHarness } from '../../support/pipeline-stack.ts';
import { until } from '../../support/until.ts';

const { deadlineMs } = defaultPipelineConfig().polling;
const { outageCeilingMs } = defaultPipelineConfig().awaiting;
const DEADLINE_MS = deadlineMs.photo;
/** How far the outage outlasts the deadline on the app's clock (within the outage's ceiling). */
const OUTAGE_MS = 2 * DEADLINE_MS;

const clock = createOffsetClock();
let h: PipelineHarness;
beforeAll(async () => {
  expect(OUTAGE_MS).toBeLessThan(outageCeilingMs);
  h = await startPipelineHarness({
    emulator: { jobMs: 100 },
    config: {
      polling: { deadlineMs },
      awaiting: { outageCeilingMs, outageFirstDelayMs: 20, outageMaxDelayMs: 100 },
    },
    overrides: { clock },
  });
});

afterEach(async () => {
  await h.productAiControl('POST', '/faults', { jobReadOutage: 0 });
});

/** The record once a read of its job has failed (`failures` reads, at least). */
async function waitingAfterFailures(shop: string, id: string, failures: number) {
  return until(
    `the generation waiting for ProductAI after ${failures} failed reads`,
    async () => {
      const record: Generation | null = await h.pipeline.generations.get(shop, id);
      return (
        record?.state === 'processing' && (record.waitingFor?.failures ?? 0) >= failures && record
      );
    },
    { deadlineMs: 30_000 },
  );
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

    const first = await waitingAfterFailures(shop.shop, generation.id, 1);
    // The outage lasts past the deadline; the reads after it fail too, and none fails the
    // generation at its deadline.
    clock.advance(OUTAGE_MS);
    const waiting = await waitingAfterFailures(
      shop.shop,
      generation.id,
      first.waitingFor!.failures + 1,
    );
    expect(clock.now() - Date.parse(waiting.submittedAt!)).toBeGreaterThan(DEADLINE_MS);
    // Until when the app keeps trying: the wait's start plus the outage's ceiling, as the
    // instant each client writes on the shop's clock.
    const givesUpAt = new Date(
      Date.parse(waiting.waitingFor!.since) + outageCeilingMs,
    ).toISOString();
    expect(toGenerationView(waiting)).toMatchObject({
      state: 'processing',
      waitingFor: 'productai',
      reason: `Waiting for ProductAI to come back — the result is read as soon as it answers. The app keeps trying until ${givesUpAt.slice(11, 16)} UTC.`,
      reasonText: { code: 'waiting_productai_until', params: { time: { at: givesUpAt } } },
    });

    await h.productAiControl('POST', '/faults', { jobReadOutage: 0 });
    const done = await shop.waitFor(generation.id, ['published', 'failed'], 30_000);
    expect(done.state, JSON.stringify(done.reasonText)).toBe('published');
    expect(done.productAiUnreachableMs).toBeGreaterThan(DEADLINE_MS);
    expect(await shop.jobs()).toHaveLength(1);
  });
}
