/**
 * Without a connected webhook, each eager poll reads how far the job is (ProductAI's progress)
 * and the next one is placed at the job's expected end, so the result is read soon after it is
 * made instead of anywhere in the polling interval. Compressed: a poll every second at most,
 * jobs of 2.1 s, so a poll at the plain cadence (1 s, 2 s, 3 s) would find the job 0.9 s late.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { pacedDelay } from '../../../src/pipeline/receive/poll-schedule.ts';
import { startPipelineHarness, type PipelineHarness } from '../../support/pipeline-stack.ts';

const INTERVAL_MS = 1_000;
const JOB_MS = 2_100;

let h: PipelineHarness;
beforeAll(async () => {
  h = await startPipelineHarness({
    emulator: { jobMs: JOB_MS },
    config: {
      polling: {
        firstPollMs: { photo: 20_000, upscale: 20_000, video: 20_000 },
        intervalMs: { photo: 5_000, upscale: 5_000, video: 5_000 },
        backoff: 1,
        maxIntervalMs: 5_000,
        deadlineMs: { photo: 30_000, upscale: 30_000, video: 30_000 },
        eager: {
          intervalMs: { photo: INTERVAL_MS, upscale: INTERVAL_MS, video: INTERVAL_MS },
          forMs: { photo: 20_000, upscale: 20_000, video: 20_000 },
        },
      },
    },
  });
});

describe('polling without the webhook', () => {
  it('reads the result soon after the job ends, not up to a polling interval later', async () => {
    const shop = await h.newShop({ webhook: false });
    const generation = await shop.enqueue();
    const saving = await shop.waitFor(generation.id, ['saving', 'published'], 10_000);

    const { jobs } = (await h.productAiControl('GET', `/jobs?key=${shop.apiKey}`)) as {
      jobs: Array<{ id: number; completedAt: number }>;
    };
    const job = jobs.find((entry) => entry.id === saving.productAiJobId)!;
    const found = Date.parse(saving.transitions.find((t) => t.state === 'saving')!.at);
    // The poll placed at the expected end (plus its 100 ms margin), not at the next second.
    expect(found - job.completedAt).toBeLessThan(INTERVAL_MS / 2);
  });
});

describe('where the next poll goes', () => {
  it('lands just after the expected end, the polls before it one to two intervals apart', () => {
    expect(pacedDelay(2_000, 3_000)).toBe(3_100);
    expect(pacedDelay(2_000, 12_900)).toBe(3_000);
    expect(pacedDelay(2_000, 9_900)).toBe(2_000);
  });

  it('never polls sooner than the cadence, whatever the progress says', () => {
    expect(pacedDelay(2_000, 500)).toBe(2_000);
    expect(pacedDelay(2_000, 0)).toBe(2_000);
    expect(pacedDelay(2_000, null)).toBe(2_000);
  });
});
