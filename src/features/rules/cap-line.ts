/**
 * The daily cap's waiting line. Automatic work the cap cannot admit waits `paused` (pausedBy
 * 'daily-cap') and is indexed here, oldest first (generation ids sort by creation time). It goes
 * in line in that order, before any newer product, as soon as the cap covers it: when the
 * merchant saves a cap (rules service), when the shop's day starts (release-waiting.ts), and
 * ahead of every new product (new-product-rules.ts): a newer product never overtakes one waiting.
 *
 * The index is written before the pause and cleaned as it is read, so a crash between the two
 * steps leaves an id to skip, never a paused generation nothing would release.
 */
import { shopKeyspace } from '../../platform/keys.ts';
import {
  GenerationNotFoundError,
  StaleTransitionError,
  type Generation,
  type TryAdmission,
  toldWhy,
  type ToldWhy,
} from '../../pipeline/index.ts';
import { kindText, type CodedText } from '../../app-api/error-codes.ts';
import type { RulesDeps } from './rules-deps.ts';
import { nextDayStart, shopDay } from '../../app-api/shop-day.ts';

const waitingKeys = shopKeyspace('rules-waiting');

const costOf = (product: readonly Generation[]) =>
  product.reduce((sum, generation) => sum + generation.estimatedCredits, 0);

/**
 * Why a product waits, in the merchant's words: "Waiting: today's cap of 3 credits is below this
 * rule's 5 per photo." when the cap could never admit it (a cap saved before such caps were
 * refused), else "Waiting: today's cap of 50 credits is reached; continues tomorrow."
 */
export function waitingReason(cap: number, product: readonly Generation[]): ToldWhy {
  const cost = costOf(product);
  if (cap >= cost) {
    return toldWhy({ code: 'wait_cap_reached', params: { cap } }, { code: 'action_daily_cap' });
  }
  const per: CodedText =
    product.length > 1
      ? { code: 'per_product_options', params: { count: product.length } }
      : kindText(product[0]?.kind ?? 'photo');
  return toldWhy(
    { code: 'wait_cap_below_cost', params: { cap, cost, per } },
    { code: 'action_raise_cap', params: { cost } },
  );
}

async function today(deps: RulesDeps, shop: string) {
  const timeZone = await deps.timeZone(shop);
  const now = deps.clock.now();
  const cap = (await deps.rules.dailyCap(shop)) ?? 0;
  return { day: shopDay(now, timeZone), cap, tomorrow: nextDayStart(now, timeZone) };
}

/**
 * An id the line no longer needs: gone, or moved on from the cap's pause. One still `queued` and
 * never paused is being parked right now (indexed first, paused next): it stays.
 */
function isStale(generation: Generation | null): boolean {
  if (!generation) return true;
  if (generation.pausedBy === 'daily-cap') return false;
  const beingParked =
    generation.state === 'queued' && !generation.transitions.some((t) => t.state === 'paused');
  return !beingParked;
}

/** The waiting products, oldest first: each product's options wait and go together. */
async function* waitingProducts(deps: RulesDeps, shop: string) {
  const key = waitingKeys.key(shop);
  let after: string | undefined;
  for (;;) {
    const ids = await deps.redis.zrangebylex(key, after ? `(${after}` : '-', '+', 'LIMIT', 0, 100);
    if (ids.length === 0) return;
    after = ids.at(-1);
    const found = await Promise.all(ids.map((id) => deps.generations.get(shop, id)));
    const stale = ids.filter((_, i) => isStale(found[i] ?? null));
    if (stale.length > 0) await deps.redis.zrem(key, ...stale);
    const products = new Map<string, Generation[]>();
    for (const generation of found) {
      if (generation?.pausedBy !== 'daily-cap') continue;
      const group = generation.optionGroup ?? generation.id;
      products.set(group, [...(products.get(group) ?? []), generation]);
    }
    yield* products.values();
  }
}

/**
 * Puts in the line any work paused by the cap it does not hold (parked before the line existed):
 * the next day's release reads the shop's paused generations once, not every new product.
 */
export async function lineUpPausedByCap(deps: RulesDeps, shop: string): Promise<void> {
  let after: string | undefined;
  for (;;) {
    const ids = await deps.generations.idsInState(shop, 'paused', 100, after);
    if (ids.length === 0) return;
    after = ids.at(-1);
    const paused = await Promise.all(ids.map((id) => deps.generations.get(shop, id)));
    const byCap = paused.filter((g) => g?.pausedBy === 'daily-cap').map((g) => g!.id);
    if (byCap.length > 0) {
      await deps.redis.zadd(waitingKeys.key(shop), ...byCap.flatMap((id) => [0, id]));
    }
  }
}

/** Keeps the reason of the product at the head of the line true for the cap it now meets. */
async function restate(
  deps: RulesDeps,
  shop: string,
  product: readonly Generation[],
  why: ToldWhy,
) {
  for (const generation of product) {
    if (generation.reason === why.reason) continue;
    try {
      await deps.generations.patch(shop, generation.id, why);
    } catch (error) {
      if (!(error instanceof GenerationNotFoundError)) throw error;
    }
  }
}

/**
 * Admits the waiting work oldest first while today's cap covers it; stops at the first product
 * it does not cover (the order is kept: nothing newer passes it). Answers how many generations
 * went in line and whether any still wait.
 */
export async function releaseWaiting(
  deps: RulesDeps,
  shop: string,
  note: string,
): Promise<{ released: number; waiting: boolean }> {
  const { day, cap, tomorrow } = await today(deps, shop);
  let released = 0;
  for await (const product of waitingProducts(deps, shop)) {
    const credits = product.map(({ id, estimatedCredits }) => ({ id, credits: estimatedCredits }));
    if (!(await deps.spend.reserve(shop, day, cap, credits)).admitted) {
      await restate(deps, shop, product, waitingReason(cap, product));
      await deps.scheduleRelease(shop, day, tomorrow);
      return { released, waiting: true };
    }
    for (const { id } of product) {
      try {
        await deps.pipeline.requeue(shop, id, ['paused'], note);
        released += 1;
      } catch (error) {
        if (!(error instanceof StaleTransitionError)) throw error;
      }
    }
    await deps.redis.zrem(waitingKeys.key(shop), ...product.map(({ id }) => id));
  }
  return { released, waiting: false };
}

/**
 * Admits a new product's generations (all options together) on today's cap, after the work
 * already waiting, or parks them at the end of the line with the reason in the merchant's words.
 */
export async function admitOrWait(
  deps: RulesDeps,
  shop: string,
  product: readonly Generation[],
): Promise<void> {
  const older = await releaseWaiting(deps, shop, 'Its turn under the daily cap');
  const { day, cap, tomorrow } = await today(deps, shop);
  if (!older.waiting) {
    const credits = product.map(({ id, estimatedCredits }) => ({ id, credits: estimatedCredits }));
    if ((await deps.spend.reserve(shop, day, cap, credits)).admitted) {
      for (const generation of product) await deps.pipeline.admit(generation);
      return;
    }
  }
  const why = waitingReason(cap, product);
  await deps.redis.zadd(waitingKeys.key(shop), ...product.flatMap(({ id }) => [0, id]));
  for (const generation of product) {
    try {
      await deps.generations.transition(shop, generation.id, {
        from: ['queued'],
        to: 'paused',
        patch: { ...why, pausedBy: 'daily-cap' },
        note:
          cap < costOf(product)
            ? `Daily cap of ${cap} credits is below the ${costOf(product)} this product costs`
            : `Daily cap of ${cap} credits reached on ${day}`,
      });
    } catch (error) {
      if (!(error instanceof StaleTransitionError)) throw error;
    }
  }
  await deps.scheduleRelease(shop, day, tomorrow);
}

/**
 * A rule's changed result made again (publish/fidelity-retry.ts) is one more request on today's
 * cap: reserved now if the cap covers it (idempotent per generation id), never parked in the
 * line: a cap reached stops the tries, and the result already made waits for review.
 */
export async function reserveTry(deps: RulesDeps, generation: Generation): Promise<TryAdmission> {
  if (generation.origin?.type !== 'rule') return { admitted: true };
  const { day, cap } = await today(deps, generation.shop);
  const credits = [{ id: generation.id, credits: generation.estimatedCredits }];
  if ((await deps.spend.reserve(generation.shop, day, cap, credits)).admitted) {
    return { admitted: true };
  }
  return { admitted: false, reason: `today's cap of ${cap} credits is reached` };
}
