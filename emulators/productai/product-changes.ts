/**
 * Which jobs change the product, as an AI model sometimes does (another colour, a warped or
 * reshaped body, a label erased or misspelt, another object altogether), so the app's fidelity
 * guard can be seen at work. Two sources: orders set through the control surface ("the next n
 * jobs of this account change the product: kind, strength"), used up one per job, and a small
 * random rate (the demo's), drawn from a seeded generator so a run can be replayed.
 * Videos are never changed; upscales only take the changes an upscaler could make (colour and
 * structure): any other order waits for the account's next image job.
 */
import type { JobKind } from './jobs/job.ts';
import { seeded } from './seeded-random.ts';
import { CHANGE_KINDS, type ChangeKind, type ProductChange } from './render/product-change.ts';

/** The kinds an upscale can carry. */
const UPSCALE_KINDS: readonly ChangeKind[] = ['recolour', 'warp'];

export interface ChangeOrder extends ProductChange {
  /** Jobs still to change. */
  remaining: number;
}

export interface ProductChangesOptions {
  /** Share of jobs (0..1) changed at random, on top of the orders; 0 by default. */
  rate?: number;
  /** Seed of the random draws (default 1). */
  seed?: number;
}

export class ProductChanges {
  private readonly orders = new Map<string, ChangeOrder[]>();
  private readonly rate: number;
  private readonly random: () => number;

  constructor(options: ProductChangesOptions = {}) {
    const rate = options.rate ?? 0;
    if (!(rate >= 0 && rate <= 1)) throw new Error('the change rate must be between 0 and 1');
    this.rate = rate;
    this.random = seeded(options.seed ?? 1);
  }

  /** Queues a change for the account's next `count` jobs (after the ones already ordered). */
  order(accountKey: string, change: ProductChange, count: number): ChangeOrder[] {
    const orders = this.orders.get(accountKey) ?? [];
    orders.push({ ...change, remaining: count });
    this.orders.set(accountKey, orders);
    return this.pending(accountKey);
  }

  pending(accountKey: string): ChangeOrder[] {
    return (this.orders.get(accountKey) ?? []).map((order) => ({ ...order }));
  }

  clear(accountKey: string): void {
    this.orders.delete(accountKey);
  }

  /** The change a new job of this account makes, if any (uses up one ordered job). */
  take(accountKey: string, kind: JobKind): ProductChange | null {
    if (kind === 'video') return null;
    const allowed = (change: ChangeKind) => kind === 'image' || UPSCALE_KINDS.includes(change);
    const orders = this.orders.get(accountKey) ?? [];
    const order = orders.find((o) => allowed(o.kind));
    if (order) {
      order.remaining -= 1;
      if (order.remaining === 0) orders.splice(orders.indexOf(order), 1);
      return { kind: order.kind, strength: order.strength };
    }
    if (this.rate === 0 || this.random() >= this.rate) return null;
    const kinds = CHANGE_KINDS.filter(allowed);
    // Random changes are clear ones (strength 0.5-1): the demo shows what the guard catches.
    return {
      kind: kinds[Math.floor(this.random() * kinds.length)]!,
      strength: Math.round((0.5 + this.random() * 0.5) * 100) / 100,
    };
  }
}

/** Checks a control-surface body `{ kind, strength, count? }`; an error message or the order. */
export function parseChangeOrder(
  body: Record<string, unknown>,
): { change: ProductChange; count: number } | { error: string } {
  const { kind, strength, count = 1 } = body;
  if (typeof kind !== 'string' || !(CHANGE_KINDS as readonly string[]).includes(kind)) {
    return { error: `kind must be one of ${CHANGE_KINDS.join(', ')}` };
  }
  if (typeof strength !== 'number' || !(strength > 0 && strength <= 1)) {
    return { error: 'strength must be a number above 0 and at most 1' };
  }
  if (typeof count !== 'number' || !Number.isInteger(count) || count < 1 || count > 1000) {
    return { error: 'count must be an integer from 1 to 1000' };
  }
  return { change: { kind: kind as ChangeKind, strength }, count };
}
