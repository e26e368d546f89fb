/**
 * The workers expire waiting work on their own (docs/operations.md, Quotas per shop): their sweeps run every
 * `expiry.sweepEveryMs` (50 ms here) on a clock the test moves days ahead, and the merchant sees
 * the result: a result in review discarded, a paused bulk run cancelled, each saying why.
 */
import { describe, expect, it } from 'vitest';
import type { BulkRunView } from '../../src/app-api/contract.ts';
import { createOffsetClock } from '../../src/platform/clock.ts';
import { runExpiredMessage } from '../../src/features/bulk-runs/runs/expire.ts';
import { englishText } from '../../src/app-api/error-codes.ts';
import { expiredInReviewReason, expiryPeriod } from '../../src/pipeline/line/expire-waiting.ts';
import { seededProducts, waitForRun } from '../support/seeded-shop.ts';
import { fillToCap } from '../support/shop-at-cap.ts';
import { apiHarness } from './support/api-harness.ts';

const DAY_MS = 86_400_000;
const THIRTY_DAYS = expiryPeriod(30 * DAY_MS);
const clock = createOffsetClock();
const harness = apiHarness({ expiryClock: clock, config: { expiry: { sweepEveryMs: 50 } } });

describe('the workers’ expiry', () => {
  it('discards a result on its own once it has waited 30 days for review', async () => {
    const shop = await harness.newShop();
    const [option] = (await fillToCap(harness, shop, 2)).generations;
    clock.advance(31 * DAY_MS);
    const expired = await shop.waitFor(option!.id, ['discarded']);
    expect(expired.reason).toBe(englishText(expiredInReviewReason(THIRTY_DAYS)));
  });

  it('cancels a bulk run on its own once it has been paused 30 days', async () => {
    const shop = await harness.newShop();
    const [product] = (await seededProducts(harness.app, shop.shop)).filter(
      (candidate) => candidate.mediaCount > 0,
    );
    const { body: run } = await shop.api<BulkRunView>('POST', '/bulk-runs', {
      target: { type: 'products', productIds: [product!.id] },
      kind: 'photo',
      model: 'nanobanana',
      prompt: 'On a linen tablecloth',
    });
    expect((await shop.api('POST', `/bulk-runs/${run.id}/pause`)).status).toBe(200);
    clock.advance(31 * DAY_MS);
    const expired = await waitForRun(shop, run.id, (view) => view.state === 'cancelled');
    expect(expired.expired?.message).toBe(englishText(runExpiredMessage(THIRTY_DAYS)));
  });
});
