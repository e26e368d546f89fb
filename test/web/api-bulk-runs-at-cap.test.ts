/**
 * A bulk run at the shop's cap of generations not yet final (docs/operations.md, Quotas per shop): it adds
 * no product past the cap, says why in its view (what the Bulk runs page shows), and goes on by
 * itself as places free. A small cap, taken by one click's results waiting in review.
 */
import { describe, expect, it } from 'vitest';
import type { BulkRunView } from '../../src/app-api/contract.ts';
import { englishText } from '../../src/app-api/error-codes.ts';
import { bulkRunAtCapMessage } from '../../src/pipeline/limits/shop-quotas.ts';
import { seededProducts, waitForRun } from '../support/seeded-shop.ts';
import { fillToCap, rejectAll } from '../support/shop-at-cap.ts';
import { apiHarness, type TestShop } from './support/api-harness.ts';

const CAP = 2;
const harness = apiHarness({
  config: { quotas: { pendingPerShop: CAP, bulkRunsPerShop: 3, variantValuesPerSet: 25 } },
});

async function startRun(shop: TestShop): Promise<BulkRunView> {
  const productIds = (await seededProducts(harness.app, shop.shop))
    .filter((product) => product.mediaCount > 0)
    .slice(0, 2)
    .map((product) => product.id);
  const { status, body } = await shop.api<BulkRunView>('POST', '/bulk-runs', {
    target: { type: 'products', productIds },
    kind: 'photo',
    model: 'nanobanana',
    prompt: 'On a linen tablecloth',
  });
  expect(status).toBe(202);
  return body;
}

const waitingAtCap = (run: BulkRunView) => run.waiting?.cause === 'pending_cap';

describe('a bulk run at the shop’s cap', () => {
  it('says why it waits: the cap, and that it goes on as places free', async () => {
    const shop = await harness.newShop();
    await fillToCap(harness, shop, CAP);
    const run = await waitForRun(shop, (await startRun(shop)).id, waitingAtCap);
    expect(run.state).toBe('running');
    expect(run.waiting).toEqual({
      cause: 'pending_cap',
      since: expect.any(String) as string,
      message: englishText(bulkRunAtCapMessage(CAP)),
      messageText: bulkRunAtCapMessage(CAP),
    });
    expect(run.waiting!.message).toContain(`this store has ${CAP} generations in progress`);
  });

  it('adds no product while the shop is at its cap', async () => {
    const shop = await harness.newShop();
    await fillToCap(harness, shop, CAP);
    const run = await waitForRun(shop, (await startRun(shop)).id, waitingAtCap);
    expect(run.expandedCount).toBe(0);
    const { generations } = await harness.pipeline.generations.list(shop.shop, {
      bulkRunId: run.id,
    });
    expect(generations).toEqual([]);
  });

  it('goes on by itself once places free, and no longer says it waits', async () => {
    const shop = await harness.newShop();
    const group = await fillToCap(harness, shop, CAP);
    const run = await waitForRun(shop, (await startRun(shop)).id, waitingAtCap);
    await rejectAll(shop, group);
    const after = await waitForRun(shop, run.id, (view) => view.state === 'completed');
    expect(after.waiting).toBeNull();
    expect(after.counts.published).toBe(2);
  });

  it('is listed with its reason on the Bulk runs page’s list', async () => {
    const shop = await harness.newShop();
    await fillToCap(harness, shop, CAP);
    const { id } = await startRun(shop);
    await waitForRun(shop, id, waitingAtCap);
    const { body } = await shop.api<{ bulkRuns: BulkRunView[] }>('GET', '/bulk-runs');
    expect(body.bulkRuns.find((run) => run.id === id)?.waiting?.message).toBe(
      englishText(bulkRunAtCapMessage(CAP)),
    );
  });
});
