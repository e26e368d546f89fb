/**
 * Simulated shoppers for an image experiment: each visitor a plain HTTP batch to the app's intake
 * (POST /experiments/events, the web pixel's shape: src/features/experiments/event-batch.ts),
 * exposed to an arm drawn by the experiment's weights, viewing the product, and adding it to the
 * cart with its arm's true rate. Seeded (the same seed and day give the same shoppers), so a
 * demo or a test decides the same way every run.
 *
 * Shoppers come from many loopback addresses (127.0.0.10 onwards), as real ones come from many
 * addresses: the intake's per-address budget (10 batches a second) is a shopper's, not a
 * simulator's; its per-experiment budget still holds them all.
 *
 * These are the many; a few real Chromium shoppers on the storefront, whose events go through
 * the real embed and pixel, are browser-shoppers.ts's.
 */
import { Agent, request } from 'node:http';
import { seeded } from '../emulators/productai/seeded-random.ts';
import type { EventBatch } from '../src/features/experiments/event-batch.ts';

export interface SimulatedArm {
  arm: string;
  /** Its share of the visitors (the experiment's weight; any scale). */
  weight: number;
  /** The true add-to-cart rate of a visitor shown this arm, 0 to 1. */
  addToCartRate: number;
}

export interface TrafficOptions {
  /** The app's origin, e.g. http://127.0.0.1:3000. */
  appUrl: string;
  shop: string;
  experiment: string;
  arms: readonly SimulatedArm[];
  seed: number;
}

export interface DayTraffic {
  /** Visitors per arm whose batch was counted (204). */
  visitors: Record<string, number>;
  /** Of them, those who added to cart. */
  addedToCart: Record<string, number>;
  /** Batches refused, by status. */
  refused: Record<number, number>;
  /**
   * The intake answered 409, the experiment ended (its visitors are new ones, never another
   * arm's): the day's sending stopped there.
   */
  ended: boolean;
}

/** Loopback addresses the shoppers send from, and batches in flight at once. */
const ADDRESSES = 32;
const CONCURRENCY = 16;

export interface TrafficSimulator {
  /** Sends one simulated day's `visitors` (numbered by `day`, so each day's shoppers are new). */
  day(day: number, visitors: number): Promise<DayTraffic>;
  close(): void;
}

export function experimentTraffic(options: TrafficOptions): TrafficSimulator {
  const agents = Array.from(
    { length: ADDRESSES },
    (_, n) => new Agent({ keepAlive: true, localAddress: `127.0.0.${10 + n}` }),
  );
  const intake = new URL('/experiments/events', options.appUrl);
  const totalWeight = options.arms.reduce((sum, arm) => sum + arm.weight, 0);

  function post(batch: EventBatch, agent: Agent): Promise<number> {
    return new Promise((resolve, reject) => {
      const req = request(intake, { method: 'POST', agent }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      });
      req.on('error', reject);
      req.setHeader('content-type', 'text/plain');
      req.end(JSON.stringify(batch));
    });
  }

  return {
    async day(day, visitors) {
      const random = seeded(options.seed * 100_003 + day);
      const result: DayTraffic = { visitors: {}, addedToCart: {}, refused: {}, ended: false };
      const shoppers = Array.from({ length: visitors }, (_, n) => {
        let pick = random() * totalWeight;
        const arm = options.arms.find((candidate) => (pick -= candidate.weight) < 0)!;
        const added = random() < arm.addToCartRate;
        const visitor = `sim-${options.seed}-${day}-${n}`;
        const batch: EventBatch = {
          shop: options.shop,
          experiment: options.experiment,
          arm: arm.arm,
          visitor,
          events: [
            { id: `${visitor}-e`, type: 'exposure' },
            { id: `${visitor}-v`, type: 'product_viewed' },
            ...(added ? [{ id: `${visitor}-a`, type: 'product_added_to_cart' as const }] : []),
          ],
        };
        return { batch, added, agent: agents[n % ADDRESSES]! };
      });
      let next = 0;
      const send = async () => {
        while (next < shoppers.length && !result.ended) {
          const { batch, added, agent } = shoppers[next++]!;
          const status = await post(batch, agent);
          if (status !== 204) {
            result.refused[status] = (result.refused[status] ?? 0) + 1;
            result.ended ||= status === 409;
            continue;
          }
          result.visitors[batch.arm] = (result.visitors[batch.arm] ?? 0) + 1;
          if (added) result.addedToCart[batch.arm] = (result.addedToCart[batch.arm] ?? 0) + 1;
        }
      };
      await Promise.all(Array.from({ length: CONCURRENCY }, send));
      return result;
    },
    close() {
      for (const agent of agents) agent.destroy();
    },
  };
}
