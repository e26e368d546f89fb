/**
 * A bulk run paused too long expires (docs/operations.md, Quotas per shop): once paused for 30 days it is
 * cancelled as a whole, its waiting generations with it (their reserved credits given back),
 * each saying why, and its card says so; found by its own schedule or by one of its paused
 * generations. The pipeline's workers do not run here, so a run's products wait in line, where
 * its pause holds them. Sweeps run on a clock the test moves days ahead.
 */
import { describe, expect, it } from 'vitest';
import type { BulkRunView, GenerationView } from '../../src/app-api/contract.ts';
import { createOffsetClock, type Clock } from '../../src/platform/clock.ts';
import { englishText } from '../../src/app-api/error-codes.ts';
import {
  expiredWithRunReason,
  runExpiredMessage,
} from '../../src/features/bulk-runs/runs/expire.ts';
import { expiryPeriod } from '../../src/pipeline/line/expire-waiting.ts';

const THIRTY_DAYS = expiryPeriod(30 * 86_400_000);
import { seededProducts, waitForRun } from '../support/seeded-shop.ts';
import { apiHarness, type TestShop } from './support/api-harness.ts';

const DAY_MS = 86_400_000;
const harness = apiHarness({ pipelineWorkers: false });

function daysLater(days: number): Clock {
  const clock = createOffsetClock();
  clock.advance(days * DAY_MS);
  return clock;
}

/** A run over three products, paused while they wait in line. */
async function pausedRun(shop: TestShop): Promise<BulkRunView> {
  const productIds = (await seededProducts(harness.app, shop.shop))
    .filter((product) => product.mediaCount > 0)
    .slice(0, 3)
    .map((product) => product.id);
  const { body: started } = await shop.api<BulkRunView>('POST', '/bulk-runs', {
    target: { type: 'products', productIds },
    kind: 'photo',
    model: 'nanobanana',
    prompt: 'On a linen tablecloth',
  });
  await waitForRun(shop, started.id, (run) => run.expandedCount === 3);
  const { status, body } = await shop.api<BulkRunView>('POST', `/bulk-runs/${started.id}/pause`);
  expect(status).toBe(200);
  return body;
}

const runOf = async (shop: TestShop, id: string) =>
  (await shop.api<BulkRunView>('GET', `/bulk-runs/${id}`)).body;

async function generationsOf(shop: TestShop, runId: string): Promise<GenerationView[]> {
  const { body } = await shop.api<{ generations: GenerationView[] }>(
    'GET',
    `/generations?bulkRunId=${runId}`,
  );
  return body.generations;
}

describe('a bulk run paused too long', () => {
  it('is cancelled once paused for 30 days, and its card says why', async () => {
    const shop = await harness.newShop();
    const run = await pausedRun(shop);
    await harness.bulk.expirePausedRuns(daysLater(31));
    expect(await runOf(shop, run.id)).toMatchObject({
      state: 'cancelled',
      expired: {
        at: expect.any(String) as string,
        message: englishText(runExpiredMessage(THIRTY_DAYS)),
      },
    });
  });

  it('cancels its waiting generations with it, each saying why, their credits given back', async () => {
    const shop = await harness.newShop();
    const run = await pausedRun(shop);
    const waiting = (await generationsOf(shop, run.id)).filter((g) => g.state === 'paused');
    expect(waiting).toHaveLength(3);
    await harness.bulk.expirePausedRuns(daysLater(31));
    for (const { id } of waiting) {
      const { body } = await shop.api<GenerationView>('GET', `/generations/${id}`);
      expect(body).toMatchObject({
        state: 'cancelled',
        reason: englishText(expiredWithRunReason(THIRTY_DAYS)),
      });
    }
    expect((await runOf(shop, run.id)).creditsCommitted).toBe(0); // none was sent
  });

  it('expires as a whole when one of its paused generations is found due first', async () => {
    const shop = await harness.newShop();
    const run = await pausedRun(shop);
    await harness.pipeline.sweepExpired(daysLater(31));
    const after = await runOf(shop, run.id);
    expect(after.state).toBe('cancelled');
    expect(after.expired?.message).toBe(englishText(runExpiredMessage(THIRTY_DAYS)));
  });

  it('waits on while paused for less than 30 days', async () => {
    const shop = await harness.newShop();
    const run = await pausedRun(shop);
    await harness.bulk.expirePausedRuns(daysLater(29));
    await harness.pipeline.sweepExpired(daysLater(29));
    expect(await runOf(shop, run.id)).toMatchObject({ state: 'paused', expired: null });
  });

  it('is left alone once resumed', async () => {
    const shop = await harness.newShop();
    const run = await pausedRun(shop);
    expect((await shop.api('POST', `/bulk-runs/${run.id}/resume`)).status).toBe(200);
    await harness.bulk.expirePausedRuns(daysLater(31));
    expect(await runOf(shop, run.id)).toMatchObject({ state: 'running', expired: null });
  });
});
