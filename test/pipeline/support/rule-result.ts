/**
 * A new product tagged for the summer rule (test/support/summer-rule.ts), created in the admin
 * so that Shopify sends products/create, and the rule's generation for it once it has ended
 * (published, in review or failed).
 */
import type { Generation } from '../../../src/pipeline/generations/generation.ts';
import type { PublishHarness, TestShop } from '../../support/publish-stack.ts';
import { until } from '../../support/until.ts';

export async function ruleResult(
  harness: PublishHarness,
  shop: TestShop,
  title: string,
  deadlineMs?: number,
): Promise<Generation> {
  const { product } = (await harness.app.shopifyControl('POST', `/shops/${shop.shop}/products`, {
    title,
    tags: ['summer'],
    images: 1,
  })) as { product: { id: string } };
  const id = await until(
    "the rule's generation",
    async () => {
      const { generations } = await harness.pipeline.generations.list(shop.shop, {
        productId: product.id,
      });
      return generations[0]?.id ?? null;
    },
    { deadlineMs: 30_000 },
  );
  return shop.waitFor(id, ['published', 'in_review', 'failed'], deadlineMs);
}
