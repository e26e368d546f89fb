/**
 * Without a connected webhook a shop's results are polled at ProductAI's recommended cadence
 * from the start, so its first photo does not wait for the slow first poll; a shop whose
 * webhook is connected keeps the slow fallback. Compressed: the slow first poll comes 4 s after
 * submission (60 s in production), the eager cadence is 150 ms (3 s), jobs take 300 ms.
 *
 * No shop here has its webhook registered at ProductAI, so every result is found by a poll:
 * the connected shop is only marked connected in its settings, as ProductAI's validation call
 * marks it, and its deliveries never come.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { startPipelineHarness, type PipelineHarness } from '../../support/pipeline-stack.ts';

const FIRST_POLL_MS = 4_000;

let h: PipelineHarness;
beforeAll(async () => {
  h = await startPipelineHarness({
    emulator: { jobMs: 300 },
    config: {
      polling: {
        firstPollMs: { photo: FIRST_POLL_MS, upscale: FIRST_POLL_MS, video: FIRST_POLL_MS },
        intervalMs: { photo: 1_000, upscale: 1_000, video: 1_000 },
        backoff: 1,
        maxIntervalMs: 1_000,
        deadlineMs: { photo: 20_000, upscale: 20_000, video: 20_000 },
        eager: {
          intervalMs: { photo: 150, upscale: 150, video: 150 },
          forMs: { photo: 10_000, upscale: 10_000, video: 10_000 },
        },
      },
    },
  });
});

/** How long after its submission the generation was published. */
function submitToPublished(generation: { submittedAt: string | null; updatedAt: string }) {
  return Date.parse(generation.updatedAt) - Date.parse(generation.submittedAt!);
}

describe('the first poll', () => {
  it('comes at the eager cadence while the shop has no connected webhook', async () => {
    const shop = await h.newShop({ webhook: false });
    expect(await h.app.deps.settings.webhookConnected(shop.shop)).toBe(false);
    const generation = await shop.enqueue();
    const published = await shop.waitFor(generation.id, ['published'], FIRST_POLL_MS);
    // The 300 ms job, a poll within 150 ms of its end, and the publish step: well under the slow
    // first poll, before which nothing else could have found the result (about 0.6 s on a quiet
    // machine, 2 s on a loaded one, so the bound is the slow poll itself).
    expect(submitToPublished(published)).toBeLessThan(FIRST_POLL_MS);
  });

  it('stays the slow fallback once the webhook is connected', async () => {
    const shop = await h.newShop({ webhook: false });
    await h.app.deps.settings.markWebhookConnected(shop.shop, new Date());
    const generation = await shop.enqueue();
    const published = await shop.waitFor(generation.id, ['published'], 3 * FIRST_POLL_MS);
    expect(submitToPublished(published)).toBeGreaterThanOrEqual(FIRST_POLL_MS);
  });
});
