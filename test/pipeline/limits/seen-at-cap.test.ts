/**
 * A shop flooding clicks past its cap of generations not yet final: the count that refused one
 * is believed for a second in the process (src/pipeline/limits/seen-at-cap.ts), so the next
 * refusals cost no count (no Redis round trip); after that second, or for a click the count
 * leaves room for, the shop is counted again. A fake scheduler counts the counts, a manual
 * clock stands for performance.now.
 */
import { expect, it } from 'vitest';
import { createGenerationLine } from '../../../src/pipeline/line/generation-line.ts';
import type { FairScheduler } from '../../../src/pipeline/limits/fair-scheduler.ts';
import type { GenerationStore } from '../../../src/pipeline/generations/generation-store.ts';
import type { ShopPause } from '../../../src/pipeline/line/shop-pause.ts';
import { SEEN_AT_CAP_MS } from '../../../src/pipeline/limits/seen-at-cap.ts';
import { AppError } from '../../../src/platform/errors.ts';

const CAP = 10;
const SHOP = 'flooding.myshopify.com';

function lineAt(pending: { count: number }) {
  let now = 0;
  const counted: string[] = [];
  const scheduler = {
    pendingOf: (shop: string) => {
      counted.push(shop);
      return Promise.resolve(pending.count);
    },
  } as Partial<FairScheduler> as FairScheduler;
  const line = createGenerationLine({
    generations: {} as GenerationStore,
    scheduler,
    shopPause: {} as ShopPause,
    pendingCap: CAP,
    now: () => now,
  });
  return { line, counted, wait: (ms: number) => (now += ms) };
}

async function refusal(attempt: Promise<void>): Promise<AppError> {
  const error = await attempt.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

it('refuses the next clicks at the cap without counting again, with the same 429', async () => {
  const { line, counted } = lineAt({ count: CAP });
  for (let i = 0; i < 5; i += 1) {
    const error = await refusal(line.refuseAtCap(SHOP, 4));
    expect(error.kind).toBe('limited');
    expect(error.code).toBe('pending_generations_cap');
    expect(error.retryAfterSeconds).toBe(60);
  }
  expect(counted).toEqual([SHOP]);
});

it('counts again once the second has passed: a place freed meanwhile admits the click', async () => {
  const pending = { count: CAP };
  const { line, counted, wait } = lineAt(pending);
  await refusal(line.refuseAtCap(SHOP, 1));
  pending.count = CAP - 1;
  wait(SEEN_AT_CAP_MS - 1);
  await refusal(line.refuseAtCap(SHOP, 1));
  wait(1);
  await line.refuseAtCap(SHOP, 1);
  expect(counted).toEqual([SHOP, SHOP]);
});

it('counts again for a click the remembered count leaves room for, and for another shop', async () => {
  const { line, counted } = lineAt({ count: CAP - 1 });
  await refusal(line.refuseAtCap(SHOP, 4));
  await line.refuseAtCap(SHOP, 1);
  await refusal(line.refuseAtCap('other.myshopify.com', 2));
  expect(counted).toEqual([SHOP, SHOP, 'other.myshopify.com']);
});
