import { describe, expect, it } from 'vitest';
import { createCostThrottle } from '../../src/shopify/cost-throttle.ts';
import { createOffsetClock } from '../../src/platform/clock.ts';

const SHOP = 'acme.myshopify.com';
const status = (currentlyAvailable: number) => ({
  maximumAvailable: 100,
  currentlyAvailable,
  restoreRate: 50,
});

describe('cost throttle', () => {
  it('sends at once while the bucket is unknown or holds the cost', () => {
    const throttle = createCostThrottle(createOffsetClock());
    expect(throttle.reserve(SHOP, 10).waitMs).toBe(0);
    throttle.reserve(SHOP, 0).settle(status(60));
    expect(throttle.reserve(SHOP, 50).waitMs).toBe(0);
  });

  it('waits for the refill when the bucket lacks the cost, queueing concurrent callers', () => {
    const throttle = createCostThrottle(createOffsetClock());
    throttle.reserve(SHOP, 0).settle(status(20));
    expect(throttle.reserve(SHOP, 40).waitMs).toBe(400); // 20 missing at 50/s
    expect(throttle.reserve(SHOP, 40).waitMs).toBe(1_200); // behind the first reservation
  });

  it('counts the refill since the last report, up to the bucket size', () => {
    const clock = createOffsetClock();
    const throttle = createCostThrottle(clock);
    throttle.reserve(SHOP, 0).settle(status(0));
    clock.advance(1_000);
    const sent = throttle.reserve(SHOP, 50);
    expect(sent.waitMs).toBe(0);
    sent.settle();
    clock.advance(60_000);
    expect(throttle.reserve(SHOP, 150).waitMs).toBe(0); // capped at the bucket size
  });

  it('releases a reservation when its request settles', () => {
    const throttle = createCostThrottle(createOffsetClock());
    throttle.reserve(SHOP, 0).settle(status(50));
    const first = throttle.reserve(SHOP, 50);
    expect(throttle.reserve(SHOP, 50).waitMs).toBe(1_000);
    first.settle(status(50));
    expect(throttle.waitFor(SHOP, 50)).toBe(1_000); // the second reservation is still pending
  });

  it('remembers the last requested cost per operation', () => {
    const throttle = createCostThrottle(createOffsetClock());
    expect(throttle.expectedCost('Products')).toBe(0);
    throttle.learnCost('Products', 52);
    expect(throttle.expectedCost('Products')).toBe(52);
  });
});
