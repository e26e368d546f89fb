/**
 * Automatic photos at the shop's cap of generations not yet final (docs/operations.md, Quotas per shop): a
 * rule's new product past the cap is not made. Nobody waits on it, so it is neither refused with
 * an error nor let past the cap: its generation is stored failed with the reason (nothing sent,
 * nothing charged), in the same step as the rule's claim, and Activity shows it to retry. Real
 * webhooks from the Shopify emulator, the app's webhook queue, the pipeline's workers.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { GenerationView } from '../../../src/app-api/contract.ts';
import { ruleAtCapRefusal } from '../../../src/pipeline/limits/shop-quotas.ts';
import { startPublishHarness, type PublishHarness } from '../../support/publish-stack.ts';
import { fillToCap, rejectAll } from '../../support/shop-at-cap.ts';
import { SUMMER_RULE } from '../../support/summer-rule.ts';
import { ruleResult } from '../../pipeline/support/rule-result.ts';

const CAP = 2;
let harness: PublishHarness;

beforeAll(async () => {
  harness = await startPublishHarness({
    config: { quotas: { pendingPerShop: CAP, bulkRunsPerShop: 3, variantValuesPerSet: 25 } },
  });
});

async function shopAtCapWithRule() {
  const shop = await harness.newShop();
  const group = await fillToCap(harness, shop, CAP);
  await harness.app.deps.engines.rules.store.save(shop.shop, SUMMER_RULE);
  return { shop, group };
}

async function jobsOf(apiKey: string): Promise<unknown[]> {
  const { jobs } = (await harness.productAiControl(
    'GET',
    `/jobs?key=${encodeURIComponent(apiKey)}`,
  )) as { jobs: unknown[] };
  return jobs;
}

describe('a rule at the shop’s cap', () => {
  it('does not make a new product past the cap: its generation fails with the reason', async () => {
    const { shop } = await shopAtCapWithRule();
    const generation = await ruleResult(harness, shop, 'Linen dress');
    const refusal = ruleAtCapRefusal(CAP);
    expect(generation).toMatchObject({
      state: 'failed',
      reason: refusal.reason,
      action: refusal.action,
      origin: { type: 'rule' },
      productAiJobId: null,
      chargedCredits: null,
    });
    expect(generation.transitions.map(({ state }) => state)).toEqual(['queued', 'failed']);
  });

  it('sends nothing to ProductAI for it, and keeps the shop at its cap', async () => {
    const { shop } = await shopAtCapWithRule();
    await ruleResult(harness, shop, 'Linen dress');
    expect(await jobsOf(shop.apiKey)).toHaveLength(CAP); // the click's results only
    const counts = await harness.pipeline.generations.countByState(shop.shop);
    expect(counts.in_review).toBe(CAP);
    expect(counts.queued + counts.paused + counts.submitting).toBe(0);
  });

  it('gives a redelivery the refused generation back, even once places are free', async () => {
    const { shop, group } = await shopAtCapWithRule();
    const refused = await ruleResult(harness, shop, 'Linen dress');
    await rejectAll(shop, group);
    const again = await harness.app.deps.engines.rules.onNewProduct(
      shop.shop,
      refused.productId,
      'created',
    );
    expect(again).toEqual([refused.id]);
    expect((await harness.pipeline.generations.get(shop.shop, refused.id))?.state).toBe('failed');
  });

  it('offers to make it again from Activity, which a free place admits', async () => {
    const { shop, group } = await shopAtCapWithRule();
    const refused = await ruleResult(harness, shop, 'Linen dress');
    const { body: view } = await shop.api<GenerationView>('GET', `/generations/${refused.id}`);
    expect(view.tryAgain).toBe('new');
    await rejectAll(shop, group);
    const retried = await shop.api<GenerationView>('POST', `/generations/${refused.id}/retry`, {
      mode: 'new',
    });
    expect(retried.status).toBe(202);
  });
});
