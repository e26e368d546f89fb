/**
 * Without a connected webhook, each eager poll reads how far the job is (ProductAI's progress)
 * and the next one is placed at the job's expected end, so the result is read soon after it is
 * made instead of anywhere in the polling interval. Compressed: a poll every 2 s at most, jobs
 * of 4.6 s, so polls at the plain cadence (2 s, 4 s, 6 s) would read the job once more before
 * its end and find it 1.4 s late. The test asserts where the polls land against the job's own
 * timeline (the emulator records each read of the job); how late the result is read is
 * bench/paced-polling.ts's figure.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { JobRead } from '../../../emulators/productai/jobs/job.ts';
import { pacedDelay } from '../../../src/pipeline/receive/poll-schedule.ts';
import { startPipelineHarness, type PipelineHarness } from '../../support/pipeline-stack.ts';

const INTERVAL_MS = 2_000;
const JOB_MS = 4_600;

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
    const saving = await shop.waitFor(generation.id, ['saving', 'published'], 30_000);

    const { jobs } = (await h.productAiControl('GET', `/jobs?key=${shop.apiKey}`)) as {
      jobs: Array<{ id: number; startedAt: number; durationMs: number; reads: JobRead[] }>;
    };
    const job = jobs.find((entry) => entry.id === saving.productAiJobId)!;
    // The polls: the progress reads (ProductAI's earlier interface), each as the emulator
    // answered it; the result is read once, by the current interface, after the last.
    const polls = job.reads.filter((read) => read.api === 'earlier');
    expect(polls.at(-1)!.status).toBe('COMPLETED');
    expect(job.reads.filter((read) => read.api === 'current')).toHaveLength(1);
    // Once a poll has seen the job running with its end near (within 1.5 intervals: the app's
    // expected end, a little later as it reads the answer later, stays within the two intervals
    // it places a poll at), the next poll is placed at that end, never before the job's planned
    // end. At the plain cadence the first poll comes ~2 s into the 4.6 s job and the next ~4 s
    // in, before the end, finding it still running. Load only delays polls (and the job), so
    // this holds at any speed; how soon after the end the result is read is a timing:
    // bench/paced-polling.ts prints it.
    const plannedEnd = job.startedAt + job.durationMs;
    const near = polls.findIndex(
      (read) =>
        read.status === 'RUNNING' &&
        (read.progress ?? 0) > 0 &&
        plannedEnd - read.at <= 1.5 * INTERVAL_MS,
    );
    if (near === -1) {
      // Nothing to place: the first poll came after the job's end (a machine slow enough).
      expect(polls, JSON.stringify(polls)).toHaveLength(1);
    } else {
      expect(polls[near + 1]!.at, JSON.stringify(polls)).toBeGreaterThanOrEqual(plannedEnd);
    }
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
