import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShopifyEmulator } from '../../../emulators/shopify/index.ts';
import { createManualClock } from '../../../src/platform/clock.ts';
import { exchangeToken, graphql, startTestEmulator } from './support/emulator.ts';

const clock = createManualClock();
let emulator: ShopifyEmulator;
let token: string;

beforeAll(async () => {
  emulator = await startTestEmulator({ clock, productCount: 12, bucketSize: 100, restoreRate: 10 });
  token = (await exchangeToken(emulator)).access_token;
});
afterAll(() => emulator.close());

// Requested cost 2 + 20 × 1 = 22 points; the bucket holds 100.
const QUERY = '{ products(first: 20) { nodes { id } } }';

describe('leaky bucket', () => {
  it('answers THROTTLED inside a 200 once the bucket is drained, then recovers at the restore rate', async () => {
    const statuses: number[] = [];
    let result = await graphql(emulator, token, QUERY);
    // Only 12 products come back, so 8 of the 22 requested points are refunded each time.
    expect(result.extensions?.cost).toMatchObject({ requestedQueryCost: 22, actualQueryCost: 14 });
    while (!result.errors) {
      statuses.push(result.status);
      result = await graphql(emulator, token, QUERY);
    }
    expect(result.status).toBe(200);
    expect(result.data).toBeUndefined();
    expect(result.errors).toEqual([
      {
        message: 'Throttled',
        extensions: {
          code: 'THROTTLED',
          documentation: 'https://shopify.dev/api/usage/rate-limits',
        },
      },
    ]);
    const status = result.extensions!.cost;
    expect(status.actualQueryCost).toBeNull();
    expect(status.throttleStatus.currentlyAvailable).toBeLessThan(22);
    expect(status.throttleStatus).toMatchObject({ maximumAvailable: 100, restoreRate: 10 });
    expect(statuses.length).toBe(6); // 100 → 86 → 72 → 58 → 44 → 30 → 16: the seventh call is refused

    clock.advance(1000); // +10 points: 26 available
    const after = await graphql(emulator, token, QUERY);
    expect(after.errors).toBeUndefined();
    expect(after.extensions!.cost.throttleStatus.currentlyAvailable).toBe(26 - 14);
  });

  it('throttles on request from the control surface', async () => {
    clock.advance(60_000);
    await fetch(`${emulator.url}/__emulator/faults`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ throttleNext: 1 }),
    });
    expect((await graphql(emulator, token, QUERY)).errors?.[0]?.extensions?.['code']).toBe(
      'THROTTLED',
    );
    expect((await graphql(emulator, token, QUERY)).errors).toBeUndefined();
  });

  it('answers a 5xx on request from the control surface', async () => {
    await fetch(`${emulator.url}/__emulator/faults`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ serverErrorNext: 1, serverErrorStatus: 503 }),
    });
    expect((await graphql(emulator, token, QUERY)).status).toBe(503);
    expect((await graphql(emulator, token, QUERY)).status).toBe(200);
  });
});
