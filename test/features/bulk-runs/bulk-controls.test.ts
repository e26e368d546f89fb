/**
 * Bulk-run expansion and controls, with submissions slowed down (2 per second for all shops):
 * the run expands lazily, a window at a time; pause stops new submissions and resume continues;
 * cancel stops new submissions while the work already submitted still lands. A run's pause is
 * its own: the shop's resume does not undo it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { BulkRunView, GenerationPage } from '../../../src/app-api/contract.ts';
import {
  startPublishHarness,
  type PublishHarness,
  type TestShop,
} from '../../support/publish-stack.ts';
import { collectionId, waitForRun } from '../../support/seeded-shop.ts';
import { notYet, until } from '../../support/until.ts';

const PAGE = 4;
const WINDOW = 4;
let harness: PublishHarness;

beforeAll(async () => {
  harness = await startPublishHarness({
    expansion: { pageSize: PAGE, window: WINDOW },
    config: { limiter: { limit: 2, windowMs: 1_000 } },
  });
});

async function startBestSellers(shop: TestShop): Promise<BulkRunView> {
  const started = await shop.api<BulkRunView>('POST', '/bulk-runs', {
    target: {
      type: 'collection',
      collectionId: await collectionId(harness.app, shop.shop, 'Best Sellers'),
    },
    kind: 'photo',
    model: 'nanobanana',
    prompt: 'Catalogue shot',
  });
  expect(started.status).toBe(202);
  return started.body;
}

async function jobCount(shop: TestShop): Promise<number> {
  const { jobs } = (await harness.productAiControl(
    'GET',
    `/jobs?key=${encodeURIComponent(shop.apiKey)}`,
  )) as { jobs: unknown[] };
  return jobs.length;
}

async function runGenerations(shop: TestShop, runId: string) {
  const { body } = await shop.api<GenerationPage>(
    'GET',
    `/generations?bulkRunId=${runId}&limit=100`,
  );
  return body.generations;
}

/** The run's view once it has stopped changing for a while. */
async function steady(shop: TestShop, runId: string): Promise<BulkRunView> {
  let last = '';
  for (;;) {
    const { body } = await shop.api<BulkRunView>('GET', `/bulk-runs/${runId}`);
    const now = JSON.stringify({ ...body, updatedAt: '' });
    if (now === last) return body;
    last = now;
    await sleep(600);
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Once none of the run's generations is queued or being submitted (the app's own states: what
 * was on its way to ProductAI has landed there, and what waits is paused or cancelled), the
 * run's generations as they are then. Nothing is sent after that while the run stays stopped:
 * only a queued generation is ever submitted.
 */
async function landed(shop: TestShop, runId: string) {
  return until(
    "the run's submissions under way to land",
    async () => {
      const generations = await runGenerations(shop, runId);
      const moving = generations.filter((g) => g.state === 'queued' || g.state === 'submitting');
      return moving.length === 0 ? generations : notYet(moving.map((g) => [g.id, g.state]));
    },
    { deadlineMs: 30_000 },
  );
}

/** The run's generations ProductAI has a job for (sent), by the app's own record. */
function sent(generations: Awaited<ReturnType<typeof runGenerations>>): number {
  return generations.filter(
    (g) => !['queued', 'submitting', 'paused', 'cancelled'].includes(g.state),
  ).length;
}

describe('bulk-run expansion', () => {
  it('turns products into generations a window at a time, not the whole collection at once', async () => {
    const shop = await harness.newShop();
    // Nothing is submitted while the shop is paused, so the run's window stays full.
    await harness.pipeline.internals.shopPause.pause(shop.shop, 'out_of_credits');
    const run = await startBestSellers(shop);

    await waitForRun(shop, run.id, (view) => view.counts.paused >= WINDOW);
    const settled = await steady(shop, run.id);

    expect(settled.productCount).toBe(64);
    // Expansion stops once a window of generations waits; products without an image are
    // skipped at once (no generation, free) and do not hold the window.
    expect(settled.counts.paused).toBeGreaterThanOrEqual(WINDOW);
    expect(settled.counts.paused).toBeLessThan(WINDOW + PAGE);
    expect(settled.expandedCount).toBe(settled.counts.paused + settled.skippedUnprocessable);
    expect(await runGenerations(shop, run.id)).toHaveLength(settled.counts.paused);

    await shop.api('POST', '/shop/resume');
    await waitForRun(shop, run.id, (view) => view.expandedCount > WINDOW + PAGE);
    await shop.api('POST', `/bulk-runs/${run.id}/cancel`);
  });
});

describe('bulk-run controls', () => {
  it('pause stops new submissions until resume', async () => {
    const shop = await harness.newShop();
    const run = await startBestSellers(shop);
    await waitForRun(shop, run.id, (view) => view.counts.processing + view.counts.published > 0);

    const paused = await shop.api<BulkRunView>('POST', `/bulk-runs/${run.id}/pause`);
    expect(paused.body.state).toBe('paused');
    const settled = await landed(shop, run.id);
    const submitted = await jobCount(shop);
    // Every job ProductAI has is one of the run's sent generations; the rest wait, paused.
    expect(sent(settled)).toBe(submitted);
    const waiting = settled.filter((g) => g.state === 'paused');
    expect(waiting.length).toBeGreaterThan(0);
    expect(waiting.every((g) => g.reason === 'Paused with its bulk run.')).toBe(true);

    const resumed = await shop.api<BulkRunView>('POST', `/bulk-runs/${run.id}/resume`);
    expect(resumed.body.state).toBe('running');
    await expect.poll(() => jobCount(shop), { timeout: 10_000 }).toBeGreaterThan(submitted);
    await shop.api('POST', `/bulk-runs/${run.id}/cancel`);
  });

  it("leaves a paused run's generations paused when the shop is paused and resumed", async () => {
    const shop = await harness.newShop();
    const run = await startBestSellers(shop);
    await waitForRun(shop, run.id, (view) => view.counts.queued > 0);
    await shop.api('POST', `/bulk-runs/${run.id}/pause`);
    const held = (await runGenerations(shop, run.id)).filter((g) => g.state === 'paused');
    expect(held.length).toBeGreaterThan(0);

    await harness.pipeline.internals.shopPause.pause(shop.shop, 'out_of_credits');
    const resumed = await shop.api('POST', '/shop/resume');
    expect(resumed.status).toBe(200);
    // Whatever was already sent lands; nothing of the run is queued again.
    const after = await landed(shop, run.id);
    expect(sent(after)).toBe(await jobCount(shop));

    for (const { id } of held) {
      expect(await harness.pipeline.generations.get(shop.shop, id)).toMatchObject({
        state: 'paused',
        pausedBy: 'bulk-run',
        reason: 'Paused with its bulk run.',
      });
    }
    await shop.api('POST', `/bulk-runs/${run.id}/cancel`);
  });

  it('cancel stops new submissions; work already submitted still lands on the products', async () => {
    const shop = await harness.newShop();
    const run = await startBestSellers(shop);
    await waitForRun(shop, run.id, (view) => view.counts.processing + view.counts.saving > 0);

    const cancelled = await shop.api<BulkRunView>('POST', `/bulk-runs/${run.id}/cancel`);
    expect(cancelled.body.state).toBe('cancelled');
    const submitted = sent(await landed(shop, run.id));

    const settled = await waitForRun(
      shop,
      run.id,
      (view) => view.counts.processing + view.counts.saving + view.counts.submitting === 0,
    );
    expect(await jobCount(shop)).toBe(submitted);
    expect(settled.state).toBe('cancelled');
    expect(settled.counts.published).toBe(submitted);
    expect(settled.counts.cancelled).toBeGreaterThan(0);
    expect(settled.expandedCount).toBeLessThan(64);
    expect(settled.counts.queued + settled.counts.paused).toBe(0);
    expect(settled.creditsCommitted).toBe(submitted * 3);

    const again = await shop.api<{ error: string }>('POST', `/bulk-runs/${run.id}/resume`);
    expect(again.status).toBe(409);
  });

  it('ends when the app is uninstalled from the shop', async () => {
    const shop = await harness.newShop();
    const run = await startBestSellers(shop);
    await waitForRun(shop, run.id, (view) => view.expandedCount > 0);

    await harness.app.shopifyControl('POST', `/shops/${shop.shop}/uninstall`);

    await expect
      .poll(async () => (await harness.bulk.store.get(shop.shop, run.id))?.state, {
        timeout: 10_000,
      })
      .toBe('cancelled');
  });
});
