/**
 * The HTTP rate limits (budgets in src/app/rate-limits-config.ts, counted in Redis so that every
 * web process shares them: src/platform/redis/rate-limit.ts). Past its budget a caller gets a 429
 * with `Retry-After` in the app's error body, from the one error handler, once the refusal delay
 * has passed (`refusalDelayMs`: a client that waits for its answers slows down to what its
 * connections can hold instead of keeping the process busy refusing it).
 *
 *  - /api, per shop: checked as soon as the session token names the shop, before the shop's
 *    offline token is read, so a flood costs one Redis call a request. The count lives under the
 *    shop's prefix, erased with the shop, and expires once the shop's budget is full again.
 *  - public routes, per source address (`req.ip`: the socket's address, or the one the trusted
 *    proxies report, TRUST_PROXY), each family with a bucket of its own (PUBLIC_ROUTE_FAMILIES):
 *    junk sent to one never spends another's budget. The count is app-wide and names no shop.
 *    Flow's action requests and ProductAI's deliveries are counted before any body is read.
 *    Shopify's webhooks are counted only when refused (not signed by Shopify, or stale,
 *    src/features/shopify-webhooks/service.ts): a delivery Shopify signed is never refused for rate,
 *    compliance topics included, even behind a proxy chain that gives every sender one address.
 *    The cost of that is a junk request's body (at most 1 MB) read and its HMAC computed before
 *    it is counted; past the budget its 401 becomes a 429, after the refusal delay.
 *
 *  - storefront event batches (POST /experiments/events, from shoppers' browsers), with budgets
 *    of their own: per source address before the body is read, and per experiment (the batch
 *    names it) once it is parsed, so neither a script at one address nor a botnet of many can
 *    push more than its budget into one experiment. The per-experiment count lives under the
 *    shop's prefix, erased with the shop.
 *
 * A limiter that cannot reach Redis lets the request through (logged), at once while the
 * connection is down: an outage of the counter must not turn every request into a 500, nor add
 * its own wait for a reconnect (the connection's commands fail after ~3 retries, ~1-6 s) before
 * the route's. The route then answers as it does without Redis (the Shopify webhook route: 503,
 * within the sender's timeout, so Shopify redelivers).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { App } from '../../../src/app/index.ts';
import { AppError } from '../../../src/platform/errors.ts';
import { appWideKey, shopKeyspace } from '../../../src/platform/keys.ts';
import { createRateLimiter, type RateLimiter } from '../../../src/platform/redis/rate-limit.ts';
import { SHOPIFY_WEBHOOK_PATH } from '../routes/shopify-webhooks.ts';

const shopCounts = shopKeyspace('rate-limit');

async function take(
  limiter: RateLimiter,
  key: string,
  refusalDelayMs: number,
  { redis, logger }: Pick<App, 'redis' | 'logger'>,
): Promise<void> {
  if (redis.status !== 'ready') {
    logger.warn({ redisStatus: redis.status }, 'rate limit not checked: Redis is not connected');
    return;
  }
  let decision;
  try {
    decision = await limiter.take(key);
  } catch (error) {
    logger.warn({ err: error }, 'rate limit not checked: Redis did not answer');
    return;
  }
  if (decision.allowed) return;
  // Spread over ±50%: refusals answered at the same moment would come back at the same moment,
  // a wave that stalls every other request for as long as it takes to answer.
  if (refusalDelayMs > 0) await sleep(refusalDelayMs * (0.5 + Math.random()));
  throw new AppError('limited', 'rate_limited', {
    retryAfterSeconds: Math.max(1, Math.ceil(decision.retryAfterMs / 1000)),
  });
}

/** Counts a request of `shop` against the /api budget; throws `limited` past it. */
export function shopRateLimit(
  deps: Pick<App, 'redis' | 'config' | 'logger'>,
): (shop: string) => Promise<void> {
  const { api, refusalDelayMs } = deps.config.rateLimits;
  const limiter = createRateLimiter(deps.redis, api);
  return (shop) => take(limiter, shopCounts.key(shop, 'api'), refusalDelayMs, deps);
}

/** The public routes' families, by path prefix (lower case: Express matches paths so). */
export const PUBLIC_ROUTE_FAMILIES = [
  { prefix: '/webhooks/productai/', family: 'productai-webhooks' },
  { prefix: '/flow/', family: 'flow' },
] as const;

/** What is neither: a path no route serves (its 404), counted apart from the others. */
const OTHER_FAMILY = 'other';

const pathOf = (url: string) => url.split('?')[0]!.toLowerCase();

function familyOf(path: string): string {
  return (
    PUBLIC_ROUTE_FAMILIES.find(({ prefix }) => path.startsWith(prefix))?.family ?? OTHER_FAMILY
  );
}

const addressKey = (family: string, address: string | undefined) =>
  appWideKey('rate-limit', 'public', family, address ?? 'unknown');

/**
 * Counts a request against its source address's budget for its family of public routes, before
 * the route runs. Shopify's webhook route is left to `refusedWebhookRateLimit`.
 */
export function addressRateLimit(deps: Pick<App, 'redis' | 'config' | 'logger'>): RequestHandler {
  const { publicRoutes, refusalDelayMs } = deps.config.rateLimits;
  const limiter = createRateLimiter(deps.redis, publicRoutes);
  return async (req, _res, next) => {
    const path = pathOf(req.originalUrl);
    if (path.replace(/\/$/, '') === SHOPIFY_WEBHOOK_PATH) return next();
    await take(limiter, addressKey(familyOf(path), req.ip), refusalDelayMs, deps);
    next();
  };
}

/** The storefront event batches' limits: per address (a handler) and per experiment. */
export function experimentEventsRateLimit(deps: Pick<App, 'redis' | 'config' | 'logger'>): {
  perAddress: RequestHandler;
  perExperiment: (shop: string, experiment: string) => Promise<void>;
} {
  const { experimentEventsPerAddress, experimentEventsPerExperiment, refusalDelayMs } =
    deps.config.rateLimits;
  const addresses = createRateLimiter(deps.redis, experimentEventsPerAddress);
  const experiments = createRateLimiter(deps.redis, experimentEventsPerExperiment);
  return {
    perAddress: async (req, _res, next) => {
      await take(addresses, addressKey('experiment-events', req.ip), refusalDelayMs, deps);
      next();
    },
    perExperiment: (shop, experiment) =>
      take(experiments, shopCounts.key(shop, 'experiment', experiment), refusalDelayMs, deps),
  };
}

/**
 * On Shopify's webhook route, after it refused a delivery as not Shopify's (`unauthorized`):
 * counts the refusal against the source address's budget, and past it answers 429 instead.
 */
export function refusedWebhookRateLimit(
  deps: Pick<App, 'redis' | 'config' | 'logger'>,
): ErrorRequestHandler {
  const { publicRoutes, refusalDelayMs } = deps.config.rateLimits;
  const limiter = createRateLimiter(deps.redis, publicRoutes);
  return async (error, req, _res, next) => {
    if (!(error instanceof AppError) || error.kind !== 'unauthorized') return next(error);
    try {
      await take(limiter, addressKey('shopify-webhooks', req.ip), refusalDelayMs, deps);
    } catch (limited) {
      return next(limited);
    }
    next(error);
  };
}
