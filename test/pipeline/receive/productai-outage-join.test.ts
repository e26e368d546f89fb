/**
 * A known ProductAI outage is joined without a call (src/pipeline/receive/productai-outage.ts):
 * while a generation waits on ProductAI (its reads failed, none answered since), another
 * generation reaching its first read waits too without reading its job, so that through an
 * outage of hours the generations reaching their first poll do not each fail a read (with the
 * client's retries). The probe is slowed to an hour here, so that the only job reads are the
 * generations' own. The outage is the ProductAI emulator's (`jobReadOutage`).
 */
import { afterEach, beforeAll, expect, it } from 'vitest';
import { startPipelineHarness, type PipelineHarness } from '../../support/pipeline-stack.ts';
import { jobReadsFailed, waitingOnProductAi } from './support/productai-outage.ts';

const HOUR = 60 * 60_000;

let h: PipelineHarness;
beforeAll(async () => {
  h = await startPipelineHarness({
    emulator: { jobMs: 100 },
    config: {
      awaiting: {
        outageCeilingMs: 2 * HOUR,
        outageFirstDelayMs: HOUR,
        outageMaxDelayMs: HOUR,
        probeEveryMs: HOUR,
      },
    },
  });
});

afterEach(async () => {
  await h.productAiControl('POST', '/faults', { jobReadOutage: 0 });
});

it('waits without reading its job when another generation already waits on the outage', async () => {
  await h.quiet();
  await h.productAiControl('POST', '/faults', { jobReadOutage: 503 });
  const first = await h.newShop({ webhook: false });
  const met = await first.enqueue();
  await waitingOnProductAi(h, first.shop, met.id);
  const reads = await jobReadsFailed(h);
  expect(reads).toBeGreaterThan(0);

  const second = await h.newShop({ webhook: false });
  const joined = await waitingOnProductAi(h, second.shop, (await second.enqueue()).id);

  expect(joined.waitingFor?.failures).toBe(1);
  expect(await jobReadsFailed(h)).toBe(reads);
}, 120_000);
