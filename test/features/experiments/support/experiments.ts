/**
 * The experiments' tests' inputs: an experiment to store, and storefront event batches (an open
 * experiment, a batch, a post).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { NewExperiment } from '../../../../src/features/experiments/experiment-store.ts';
import {
  createExperimentEventStore,
  type ExperimentEventStore,
} from '../../../../src/features/experiments/event-store.ts';
import type { Redis } from '../../../../src/platform/redis/connection.ts';
import type { TestApp } from '../../../support/app.ts';

/**
 * An experiment to store: the product's original against one AI photo, half the visitors each,
 * to add to cart over two to four weeks, keeping the winner.
 */
export function twoArmExperiment(
  shop: string,
  options: Partial<Omit<NewExperiment, 'shop'>> = {},
): NewExperiment {
  return {
    shop,
    productId: 'gid://shopify/Product/1',
    arms: [
      {
        arm: 'control',
        media: 'gid://shopify/MediaImage/1',
        image: 'https://x/1.png',
        generationId: null,
      },
      {
        arm: 'ai1',
        media: 'gid://shopify/MediaImage/2',
        image: 'https://x/2.png',
        generationId: 'G',
      },
    ],
    weights: [50, 50],
    goal: 'add_to_cart',
    minDays: 14,
    maxDays: 28,
    endAction: 'keep_winner',
    losers: 'keep_in_product',
    ...options,
  };
}

export const EVENTS_PATH = '/experiments/events';
export const ARMS = ['original', 'ai-1'] as const;

export interface TestExperiment {
  shop: string;
  id: string;
  store: ExperimentEventStore;
}

/** An experiment open to events from now on, for a week, in a shop of its own. */
export async function openExperiment(redis: Redis, shop: string): Promise<TestExperiment> {
  const store = createExperimentEventStore(redis);
  const id = `exp-${randomUUID().slice(0, 8)}`;
  await store.open(shop, { id, arms: ARMS, startsAtMs: Date.now(), days: 7 });
  return { shop, id, store };
}

export type Event =
  | { id: string; type: 'exposure' | 'product_viewed' | 'product_added_to_cart' }
  | { id: string; type: 'checkout_completed'; amount: number };

export const event = (type: Exclude<Event['type'], 'checkout_completed'>): Event => ({
  id: randomUUID(),
  type,
});
export const order = (amount: number): Event => ({
  id: randomUUID(),
  type: 'checkout_completed',
  amount,
});

export const newVisitor = () => `v-${randomUUID()}`;

export function batch(
  experiment: TestExperiment,
  visitor: string,
  events: Event[],
  arm: string = ARMS[1],
) {
  return { shop: experiment.shop, experiment: experiment.id, arm, visitor, events };
}

/** An address no other test uses (IPv6 documentation prefix), reported by the trusted proxy. */
export const newAddress = () =>
  `2001:db8::${randomBytes(2).toString('hex')}:${randomBytes(2).toString('hex')}`;

/** Posts a body as a pixel's beacon does (text/plain) from `address`. */
export function post(app: TestApp, body: unknown, address = newAddress()): Promise<Response> {
  return app.call(EVENTS_PATH, {
    method: 'POST',
    headers: { 'Content-Type': 'text/plain;charset=UTF-8', 'X-Forwarded-For': address },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** The arm's totals overall, per metric. */
export async function overall(experiment: TestExperiment, arm: string = ARMS[1]) {
  const totals = await experiment.store.totals(experiment.shop, experiment.id, Date.now());
  const found = totals?.find((result) => result.arm === arm);
  if (!found) throw new Error(`no totals for arm ${arm}`);
  return found.overall;
}
