/**
 * The HTTP rate limits' budgets (counted in Redis by web/server/plugins/rate-limit.ts, so that
 * every web process shares them): the composition root's own settings, since they weigh what
 * Shopify, ProductAI and the storefront send against each other. Read with the rest of the
 * configuration in one pass by config.ts (src/platform/env.ts says how).
 */
import { z } from 'zod';
import { envSection, positiveInteger } from '../platform/env.ts';
import type { RateLimit } from '../platform/redis/rate-limit.ts';

export interface RateLimitsConfig {
  /** Each shop's requests to /api (the shop its session token names). */
  api: RateLimit;
  /**
   * Each source address's requests to the public routes, each family a bucket of its own with
   * this budget: ProductAI's deliveries, Flow's actions, Shopify webhooks refused as not
   * Shopify's (web/server/plugins/rate-limit.ts), other paths.
   */
  publicRoutes: RateLimit;
  /** Storefront event batches (web pixels, POST /experiments/events), per source address. */
  experimentEventsPerAddress: RateLimit;
  /** Storefront event batches, per experiment, whatever address sends them. */
  experimentEventsPerExperiment: RateLimit;
  /** How long a refused request waits for its 429 (see RATE_LIMIT_REFUSAL_DELAY_MS below). */
  refusalDelayMs: number;
}

/**
 * /api, per shop: the app's fastest polls are a running review batch (1 s), a followed
 * generation and its option group (2 s each) and the lists (3-5 s), so one busy tab sends about
 * 2 requests a second and opening a page about 6 at once (web/frontend). The budget is the
 * shop's, shared by its staff: 10 a second holds five busy tabs at their fastest polls, and a
 * burst of 100 some sixteen pages opened at once. A script gets no more than that 10 a second.
 *
 * Public routes, per source address: ProductAI posts at most one result per generation, and
 * generations leave at the app's ProductAI budget (15 a minute by default), well under 1 a
 * second. Shopify delivers this app's webhooks (products/create, products/update with media,
 * app and compliance topics) and Flow's action requests from a shared pool of addresses: a
 * merchant importing thousands of products sends a products/create and a few products/update
 * per product, tens a second, and several shops importing at once may share one address. 100 a
 * second with bursts of 1000 holds that; what Shopify or Flow sends past it gets a 429 and is
 * retried later, not lost. A flood from one address is cut to the same 100 a second, in the
 * family it floods only (ProductAI's deliveries, Flow, refused Shopify webhooks each have a
 * bucket of their own), and a webhook Shopify signed is never counted: so junk can never get
 * Shopify's own deliveries refused, even where a proxy gives every sender one address.
 *
 * Storefront event batches (a web pixel's, one per experiment every few seconds while a shopper
 * browses): per address, 10 a second with bursts of 60 holds some fifty shoppers behind one
 * address (a carrier's NAT, an office) and cuts a script to 500 events a second at most; per
 * experiment, 100 batches a second (thousands of shoppers on one product at once) with bursts
 * of 1000 bounds what a botnet of many addresses can push into one experiment's result.
 *
 * A refusal is answered after a second. A client that waits for its answers (a loop in a
 * script, or fifty of them) then slows to what its connections can hold, instead of keeping the
 * process busy refusing it: refusing costs the event loop about as much as a light request, and
 * every await of every other shop's request waits behind the refusals queued at that moment.
 * bench/api-flood.ts (one shop on 50 connections for 30 s against one web process): another
 * shop's p95 went from 14.7 ms alone to 23.5 ms (1.6x) and the flooder got 63 answers a second,
 * 79% of them 429; refusing at once, it went from 10.9 to 168 ms (15x): the process spent all
 * its CPU on 1144 refusals a second, 880 µs each.
 */
const RateLimitsEnv = z.object({
  API_RATE_LIMIT_BURST: positiveInteger.default(100),
  API_RATE_LIMIT_PER_MINUTE: positiveInteger.default(600),
  WEBHOOK_RATE_LIMIT_BURST: positiveInteger.default(1_000),
  WEBHOOK_RATE_LIMIT_PER_MINUTE: positiveInteger.default(6_000),
  PIXEL_RATE_LIMIT_BURST: positiveInteger.default(60),
  PIXEL_RATE_LIMIT_PER_MINUTE: positiveInteger.default(600),
  EXPERIMENT_RATE_LIMIT_BURST: positiveInteger.default(1_000),
  EXPERIMENT_RATE_LIMIT_PER_MINUTE: positiveInteger.default(6_000),
  RATE_LIMIT_REFUSAL_DELAY_MS: z.coerce
    .number('must be a number of milliseconds')
    .int('must be a number of milliseconds')
    .min(0, 'must be a number of milliseconds')
    .max(10_000, 'must be at most 10000 (ms)')
    .default(1_000),
});

export const rateLimitsEnv = envSection({
  schema: RateLimitsEnv,
  build: (e): RateLimitsConfig => ({
    api: { burst: e.API_RATE_LIMIT_BURST, perMinute: e.API_RATE_LIMIT_PER_MINUTE },
    publicRoutes: { burst: e.WEBHOOK_RATE_LIMIT_BURST, perMinute: e.WEBHOOK_RATE_LIMIT_PER_MINUTE },
    experimentEventsPerAddress: {
      burst: e.PIXEL_RATE_LIMIT_BURST,
      perMinute: e.PIXEL_RATE_LIMIT_PER_MINUTE,
    },
    experimentEventsPerExperiment: {
      burst: e.EXPERIMENT_RATE_LIMIT_BURST,
      perMinute: e.EXPERIMENT_RATE_LIMIT_PER_MINUTE,
    },
    refusalDelayMs: e.RATE_LIMIT_REFUSAL_DELAY_MS,
  }),
});
