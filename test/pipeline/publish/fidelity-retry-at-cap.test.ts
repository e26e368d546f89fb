/**
 * A changed result at the shop's cap of generations not yet final (docs/operations.md, Quotas per shop): its
 * next try would take the shop past the cap, so it is not made (nothing stored, nothing sent)
 * and the result waits for review instead, saying why in Activity. Real Redis, both emulators,
 * the stage workers, the scripted fidelity check; a cap of one, which the click itself takes.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { GenerationView, ProductDetail } from '../../../src/app-api/contract.ts';
import { englishText } from '../../../src/app-api/error-codes.ts';
import type { Generation } from '../../../src/pipeline/generations/generation.ts';
import { tryAtCapHeldReason, tryAtCapReason } from '../../../src/pipeline/limits/shop-quotas.ts';
import { scriptedFidelity } from '../../support/fidelity.ts';
import {
  startPublishHarness,
  type PublishHarness,
  type TestShop,
} from '../../support/publish-stack.ts';
import { productWithImages } from '../../support/shop-at-cap.ts';

const CAP = 1;
const fidelity = scriptedFidelity();
let harness: PublishHarness;

beforeAll(async () => {
  harness = await startPublishHarness({
    config: {
      fidelity: { threads: 1, timeoutMs: 5_000 },
      quotas: { pendingPerShop: CAP, bulkRunsPerShop: 3, variantValuesPerSet: 25 },
    },
    overrides: { fidelity: fidelity.factory },
  });
});

async function changedClick(shop: TestShop): Promise<Generation> {
  const product: ProductDetail = await productWithImages(harness, shop);
  fidelity.answer('changed');
  const created = await shop.api<GenerationView>('POST', '/generations', {
    productId: product.id,
    kind: 'photo',
    model: 'nanobanana',
    prompt: 'On a marble counter',
    sourceMediaIds: [product.images[0]!.id],
  });
  expect(created.status).toBe(202);
  return shop.waitFor(created.body.id, ['in_review', 'published', 'failed']);
}

describe('a changed result at the shop’s cap', () => {
  it('waits for review instead of being made again, and says why', async () => {
    const held = await changedClick(await harness.newShop());
    expect(held).toMatchObject({
      state: 'in_review',
      reason: englishText(tryAtCapHeldReason(CAP)),
      reasonText: tryAtCapHeldReason(CAP),
      retriedBy: null,
    });
    expect(held.transitions.at(-1)?.note).toBe(
      `Held for review: the red part has another colour; not made again: ${tryAtCapReason(CAP)}`,
    );
  });

  it('sends no second request to ProductAI', async () => {
    const shop = await harness.newShop();
    await changedClick(shop);
    const { jobs } = (await harness.productAiControl(
      'GET',
      `/jobs?key=${encodeURIComponent(shop.apiKey)}`,
    )) as { jobs: unknown[] };
    expect(jobs).toHaveLength(1);
    const { generations } = await harness.pipeline.generations.list(shop.shop);
    expect(generations).toHaveLength(1);
  });

  it('no longer says why it waited once the merchant approves it', async () => {
    const shop = await harness.newShop();
    const held = await changedClick(shop);
    expect((await shop.api('POST', `/generations/${held.id}/approve`)).status).toBe(200);
    const published = await shop.waitFor(held.id, ['published']);
    expect(published).toMatchObject({ reason: null, action: null });
  });
});
