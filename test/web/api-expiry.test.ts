/**
 * Work waiting on the merchant expires (docs/operations.md, Quotas per shop): a result in review past the
 * review ceiling is discarded, kept in Files, and says so in Activity; work paused past the
 * pause ceiling is cancelled, nothing charged; either frees its place under the shop's cap. The
 * sweep runs on a clock the test moves days ahead (each pass as the workers run it); the records
 * are scheduled on the real one, so "31 days later" is the real now plus 31 days.
 */
import { describe, expect, it } from 'vitest';
import type { GenerationView } from '../../src/app-api/contract.ts';
import { createOffsetClock, type Clock } from '../../src/platform/clock.ts';
import { englishText } from '../../src/app-api/error-codes.ts';
import {
  expiredInReviewReason,
  expiredPausedReason,
  expiryPeriod,
} from '../../src/pipeline/line/expire-waiting.ts';
import { createShopifyFiles } from '../../src/pipeline/publish/shopify-files.ts';
import { clickFor, fillToCap, productWithImages } from '../support/shop-at-cap.ts';
import { apiHarness } from './support/api-harness.ts';

const CAP = 2;
const DAY_MS = 86_400_000;
const THIRTY_DAYS = expiryPeriod(30 * DAY_MS);
const harness = apiHarness({
  config: { quotas: { pendingPerShop: CAP, bulkRunsPerShop: 3, variantValuesPerSet: 25 } },
});

/** A clock `days` ahead of now, for one sweep. */
function daysLater(days: number): Clock {
  const clock = createOffsetClock();
  clock.advance(days * DAY_MS);
  return clock;
}

const sweep = (days: number) => harness.pipeline.sweepExpired(daysLater(days));

describe('a result waiting for review', () => {
  it('is discarded once it has waited the 30 days, and says why', async () => {
    const shop = await harness.newShop();
    const group = await fillToCap(harness, shop, CAP);
    await sweep(31);
    for (const option of group.generations) {
      const { body } = await shop.api<GenerationView>('GET', `/generations/${option.id}`);
      expect(body).toMatchObject({
        state: 'discarded',
        reason: englishText(expiredInReviewReason(THIRTY_DAYS)),
        reasonText: expiredInReviewReason(THIRTY_DAYS),
        action: null,
      });
    }
  });

  it('stays in Files once expired', async () => {
    const shop = await harness.newShop();
    const [option] = (await fillToCap(harness, shop, CAP)).generations;
    const { fileId } = (await harness.pipeline.generations.get(shop.shop, option!.id))!;
    await sweep(31);
    const files = createShopifyFiles(await harness.app.deps.admin.forShop(shop.shop));
    expect(await files.status(fileId!)).toMatchObject({ id: fileId, status: 'READY' });
  });

  it('waits on before the 30 days are up', async () => {
    const shop = await harness.newShop();
    const [option] = (await fillToCap(harness, shop, CAP)).generations;
    await sweep(29);
    expect((await harness.pipeline.generations.get(shop.shop, option!.id))?.state).toBe(
      'in_review',
    );
  });

  it('frees its place under the cap once expired', async () => {
    const shop = await harness.newShop();
    await fillToCap(harness, shop, CAP);
    const target = await productWithImages(harness, shop);
    expect((await clickFor(shop, target, 1)).status).toBe(429);
    await sweep(31);
    expect((await clickFor(shop, target, 1)).status).toBe(202);
  });

  it('expires once when two sweeps find it at the same time', async () => {
    const shop = await harness.newShop();
    const [option] = (await fillToCap(harness, shop, CAP)).generations;
    await Promise.all([sweep(31), sweep(31)]);
    const expired = (await harness.pipeline.generations.get(shop.shop, option!.id))!;
    expect(expired.transitions.filter(({ state }) => state === 'discarded')).toHaveLength(1);
  });

  it('is left alone once the merchant approved it', async () => {
    const shop = await harness.newShop();
    const [option] = (await fillToCap(harness, shop, CAP)).generations;
    expect((await shop.api('POST', `/generations/${option!.id}/approve`)).status).toBe(200);
    await shop.waitFor(option!.id, ['published']);
    await sweep(31);
    expect((await harness.pipeline.generations.get(shop.shop, option!.id))?.state).toBe(
      'published',
    );
  });
});

describe('work paused with the shop', () => {
  /** A click held because the shop's ProductAI account ran out of credits. */
  async function pausedClick() {
    const shop = await harness.newShop();
    await harness.pipeline.internals.shopPause.pause(shop.shop, 'out_of_credits');
    const { body } = await clickFor(shop, await productWithImages(harness, shop), 1);
    expect(body.state).toBe('paused');
    return { shop, id: body.id };
  }

  it('is cancelled once paused for 30 days, and says why', async () => {
    const { shop, id } = await pausedClick();
    await sweep(31);
    const { body } = await shop.api<GenerationView>('GET', `/generations/${id}`);
    expect(body).toMatchObject({
      state: 'cancelled',
      reason: englishText(expiredPausedReason(THIRTY_DAYS)),
      reasonText: expiredPausedReason(THIRTY_DAYS),
      action: null,
    });
  });

  it('is not put back in line when the shop resumes', async () => {
    const { shop, id } = await pausedClick();
    await sweep(31);
    expect(await harness.pipeline.resumeShop(shop.shop)).toBe(0);
    expect((await harness.pipeline.generations.get(shop.shop, id))?.state).toBe('cancelled');
  });

  it('waits on before the 30 days are up', async () => {
    const { shop, id } = await pausedClick();
    await sweep(29);
    expect((await harness.pipeline.generations.get(shop.shop, id))?.state).toBe('paused');
  });
});
