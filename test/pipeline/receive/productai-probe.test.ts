/**
 * A ProductAI outage's waits end when ProductAI answers the probe (src/pipeline/receive/
 * productai-probe.ts), not at each generation's own next read: at the production interval (a
 * probe every 5 s), generations whose own next reads are minutes away are read, and saved, soon
 * after ProductAI's return; and the probe reads nothing while nothing waits. The outage is the
 * ProductAI emulator's (`jobReadOutage`: every job read answers 503).
 */
import { afterEach, beforeAll, expect, it } from 'vitest';
import { defaultPipelineConfig } from '../../../src/pipeline/config.ts';
import { startProductAiProbe } from '../../../src/pipeline/receive/productai-probe.ts';
import { systemClock, type Clock } from '../../../src/platform/clock.ts';
import { createLogger } from '../../../src/platform/logger.ts';
import { startPipelineHarness, type PipelineHarness } from '../../support/pipeline-stack.ts';
import { until } from '../../support/until.ts';
import { jobReadsFailed, waitingOnProductAi } from './support/productai-outage.ts';

/** A generation's own next read after meeting the outage: 5-10 minutes away (jittered). */
const OWN_READ_MS = 10 * 60_000;

let h: PipelineHarness;
beforeAll(async () => {
  h = await startPipelineHarness({
    emulator: { jobMs: 100 },
    config: {
      awaiting: {
        outageCeilingMs: 60 * 60_000,
        outageFirstDelayMs: OWN_READ_MS,
        outageMaxDelayMs: OWN_READ_MS,
        probeEveryMs: defaultPipelineConfig().awaiting.probeEveryMs,
      },
    },
  });
});

afterEach(async () => {
  await h.productAiControl('POST', '/faults', { jobReadOutage: 0 });
});

it('reads every waiting generation once ProductAI answers, long before their own next reads', async () => {
  await h.quiet();
  await h.productAiControl('POST', '/faults', { jobReadOutage: 503 });
  const shops = [await h.newShop({ webhook: false }), await h.newShop({ webhook: false })];
  const generations = await Promise.all(shops.map((shop) => shop.enqueue()));
  for (const [i, shop] of shops.entries())
    await waitingOnProductAi(h, shop.shop, generations[i]!.id);

  await h.productAiControl('POST', '/faults', { jobReadOutage: 0 });

  // Well within the 5 minutes before their own next reads, at any load.
  for (const [i, shop] of shops.entries()) {
    const done = await shop.waitFor(generations[i]!.id, ['published', 'failed'], 120_000);
    expect(done.state).toBe('published');
    expect(await shop.jobs()).toHaveLength(1);
  }
}, 240_000);

it('reads nothing while nothing waits, and a waiting generation’s job once one does', async () => {
  await h.quiet();
  await h.productAiControl('POST', '/faults', { jobReadOutage: 503 });
  // A probe of its own beside the workers', whose intervals the test can count.
  let intervals = 0;
  const counting: Clock = {
    now: systemClock.now,
    sleep: async (_ms, signal) => {
      intervals += 1;
      await systemClock.sleep(100, signal);
    },
  };
  const probe = startProductAiProbe({
    context: h.pipeline.context,
    everyMs: 100,
    clock: counting,
    logger: createLogger({ level: 'silent' }),
  });
  try {
    await until('the probe to have had 5 chances to read', () => intervals > 5, {
      deadlineMs: 30_000,
    });
    expect(await jobReadsFailed(h)).toBe(0);

    const shop = await h.newShop({ webhook: false });
    const generation = await shop.enqueue();
    await waitingOnProductAi(h, shop.shop, generation.id);
    const ownReads = await jobReadsFailed(h);
    // Its own next read is minutes away: the next read of its job is the probe's.
    await until(
      'the probe to read the waiting generation’s job',
      async () => {
        return (await jobReadsFailed(h)) > ownReads;
      },
      { deadlineMs: 30_000 },
    );
  } finally {
    await probe.stop();
  }
}, 120_000);
