/**
 * The fidelity guard with the real check (src/fidelity, on the worker's thread pool,
 * FIDELITY_THREADS) against results the ProductAI emulator really changed: a rule that
 * publishes has its recoloured result held for a person as 'changed', while an untouched
 * result of the same rule goes live. The pipeline's other cases, with a scripted check:
 * fidelity-guard.test.ts.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createFidelityChecker } from '../../../src/fidelity/fidelity-checker.ts';
import { startPublishHarness, type PublishHarness } from '../../support/publish-stack.ts';
import { productMedia } from '../../support/shop-media.ts';
import { SUMMER_RULE } from '../../support/summer-rule.ts';
import { ruleResult } from '../support/rule-result.ts';

let harness: PublishHarness;

beforeAll(async () => {
  harness = await startPublishHarness({
    // The real check, on one worker thread as in production (the suite's default is off).
    overrides: { fidelity: () => createFidelityChecker({ threads: 1 }) },
  });
});

describe('the real check on results the emulator changed', () => {
  it("holds a rule's recoloured result as changed while its untouched one publishes", async () => {
    const shop = await harness.newShop();
    await harness.app.deps.engines.rules.store.save(shop.shop, {
      ...SUMMER_RULE,
      destination: 'append',
    });
    await harness.productAiControl('POST', `/accounts/${shop.apiKey}/changes`, {
      kind: 'recolour',
      strength: 1,
    });

    const changed = await ruleResult(harness, shop, 'Linen dress', 60_000);
    expect(changed.state).toBe('in_review');
    expect(changed.fidelity).toMatchObject({ verdict: 'changed' });
    expect(changed.transitions.at(-1)?.note).toMatch(
      /^Held for review: the (product|[a-z ]+ part) has another colour/,
    );
    expect(await productMedia(harness.app, shop.shop, changed.productId)).not.toContainEqual(
      expect.objectContaining({ id: changed.fileId }),
    );

    const untouched = await ruleResult(harness, shop, 'Cotton dress', 60_000);
    expect(untouched.state).toBe('published');
    expect(untouched.fidelity?.verdict).toBe('faithful');
  });
});
