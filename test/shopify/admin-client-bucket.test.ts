/** Self-throttling against a tiny cost bucket (its own emulator: the bucket is emulator-wide). */
import { describe, expect, it } from 'vitest';
import { ShopQuery } from '../../src/shopify/operations/index.ts';
import { startShopifyStack } from './support/shopify-stack.ts';

const RESTORE_RATE = 20;
const stack = await startShopifyStack({ bucketSize: 10, restoreRate: RESTORE_RATE });

describe('Admin GraphQL client with a tiny cost bucket', () => {
  it('waits for the bucket instead of being throttled', async () => {
    const { shop, sessionToken } = stack.newShop();
    await stack.tokens.ensure(shop, sessionToken());
    const admin = stack.admin.forShop(shop);
    await admin.request(ShopQuery); // learns the operation's cost and the bucket
    const cost = (
      stack.graphqlResponses.at(-1)?.body as {
        extensions: { cost: { requestedQueryCost: number } };
      }
    ).extensions.cost.requestedQueryCost;
    const calls = 12;
    const started = Date.now();
    const results = await Promise.all(
      Array.from({ length: calls }, () => admin.request(ShopQuery)),
    );
    const elapsed = Date.now() - started;

    expect(results).toHaveLength(calls);
    const throttled = stack.graphqlResponses.filter(({ body }) =>
      body.errors?.some((error) => error.extensions?.code === 'THROTTLED'),
    );
    expect(throttled).toEqual([]);
    // The calls cost more than the bucket holds: the client must have waited for the refill.
    expect(elapsed).toBeGreaterThanOrEqual(((calls * cost - 10) / RESTORE_RATE) * 1000 * 0.8);
  });
});
