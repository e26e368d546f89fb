/**
 * The cost refund end to end: the admin client against the Shopify emulator (its own: the
 * bucket is emulator-wide), with a query that reserves far more than it spends (a product
 * search that matches nothing: Shopify reserves 252 points for 50 products, charges 2).
 */
import { describe, expect, it } from 'vitest';
import { PRODUCTS_PAGE } from '../../src/shopify/operations/index.ts';
import { startShopifyStack } from './support/shopify-stack.ts';

// Room for one reservation of the search, not two; refilling what a second one lacks would take
// minutes at 1 point per second.
const BUCKET = 300;
const RESTORE_RATE = 1;
const stack = await startShopifyStack({ bucketSize: BUCKET, restoreRate: RESTORE_RATE });

const emptySearch = { first: 50, query: 'title:no-such-product', thumbnail: { maxWidth: 100 } };
type Cost = { requestedQueryCost: number; actualQueryCost: number };
const lastCost = () =>
  (stack.graphqlResponses.at(-1)!.body as unknown as { extensions: { cost: Cost } }).extensions
    .cost;

describe('Admin GraphQL client and the cost refund', () => {
  it('admits the next caller as soon as a query spent less than it reserved', async () => {
    const { shop, sessionToken } = stack.newShop();
    await stack.tokens.ensure(shop, sessionToken());
    const admin = stack.admin.forShop(shop);
    await admin.request(PRODUCTS_PAGE, emptySearch); // learns the cost and the bucket
    const { requestedQueryCost: requested, actualQueryCost: actual } = lastCost();
    // The premise: two reservations do not fit, two actual costs and a reservation do.
    expect(2 * requested).toBeGreaterThan(BUCKET);
    expect(BUCKET - 2 * actual).toBeGreaterThanOrEqual(requested);

    const started = Date.now();
    await Promise.all([
      admin.request(PRODUCTS_PAGE, emptySearch),
      admin.request(PRODUCTS_PAGE, emptySearch),
    ]);
    const elapsed = Date.now() - started;

    const throttled = stack.graphqlResponses.filter(({ body }) =>
      body.errors?.some((error) => error.extensions?.code === 'THROTTLED'),
    );
    expect(throttled).toEqual([]);
    // Held back until the full reservation refilled, the second would wait
    // (2 * requested - (BUCKET - actual)) / RESTORE_RATE seconds: over three minutes.
    const heldBackMs = ((2 * requested - (BUCKET - actual)) / RESTORE_RATE) * 1000;
    expect(heldBackMs).toBeGreaterThan(60_000);
    expect(elapsed).toBeLessThan(5_000);
  });
});
