/**
 * The HTTP rate limits (budgets in src/app/config.ts, counted in Redis so that every web process
 * shares them: src/platform/redis/rate-limit.ts). Past its budget a caller gets a 429 with
 * `Retry-After` in the app's error body, from the one error handler, once the refusal delay has
 * passed (`refusalDelayMs`: a client that waits for its answers slows down to what its
 * connections can hold instead of keeping the process busy refusing it).
 *
 *  - /api, per shop: checked as soon as the session token names the shop, before the shop's
 *    offline token is read, so a flood costs one Redis call a request. The count lives under the
 *    shop's prefix, erased with the shop, and expires once the shop's budget is full again.
 *  - public routes, per source address (`req.ip`: the socket's address, or the one the trusted
 *    proxies report, TRUST_PROXY): checked before any body is read. The count is app-wide and
 *    names no shop.
 *
 * A limiter that cannot reach Redis lets the request through (logged), at once while the
 * connection is down: an outage of the counter must not turn every request into a 500, nor add
 * its own wait for a reconnect (the connection's commands fail after ~3 retries, ~1-6 s) before
 * the route's. The route then answers as it does without Redis (the Shopify webhook route: 503,
 * within the sender's timeout, so Shopify redelivers).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { RequestHandler } from 'express';
import type { App } from '../../../src/app/index.ts';
import { AppError } from '../../../src/platform/errors.ts';
import { appWideKey, shopKeyspace } from '../../../src/platform/keys.ts';
import { createRateLimiter, type RateLimiter } from '../../../src/platform/redis/rate-limit.ts';

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
  throw new AppError(
    'limited',
    'rate_limited',
    'Too many requests at once. Wait a moment and try again.',
    { retryAfterSeconds: Math.max(1, Math.ceil(decision.retryAfterMs / 1000)) },
  );
}

/** Counts a request of `shop` against the /api budget; throws `limited` past it. */
export function shopRateLimit(
  deps: Pick<App, 'redis' | 'config' | 'logger'>,
): (shop: string) => Promise<void> {
  const { api, refusalDelayMs } = deps.config.rateLimits;
  const limiter = createRateLimiter(deps.redis, api);
  return (shop) => take(limiter, shopCounts.key(shop, 'api'), refusalDelayMs, deps);
}

/** Counts a request against its source address's budget for the public routes. */
export function addressRateLimit(deps: Pick<App, 'redis' | 'config' | 'logger'>): RequestHandler {
  const { publicRoutes, refusalDelayMs } = deps.config.rateLimits;
  const limiter = createRateLimiter(deps.redis, publicRoutes);
  return async (req, _res, next) => {
    const key = appWideKey('rate-limit', 'public', req.ip ?? 'unknown');
    await take(limiter, key, refusalDelayMs, deps);
    next();
  };
}
