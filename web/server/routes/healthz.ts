/**
 * Liveness and readiness for the load balancer: 200 while Redis answers and the server is not
 * shutting down, 503 otherwise (so traffic moves elsewhere during a deploy's drain).
 */
import type { Router } from 'express';
import type { Redis } from '../../../src/platform/redis.ts';

const REDIS_TIMEOUT_MS = 1_000;

export function registerHealthz(
  router: Router,
  deps: { redis: Redis; isDraining: () => boolean },
): void {
  router.get('/healthz', async (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    if (deps.isDraining()) {
      res.status(503).json({ status: 'draining' });
      return;
    }
    const redis = await Promise.race([
      deps.redis.ping().then(
        () => 'ok' as const,
        () => 'down' as const,
      ),
      new Promise<'down'>((resolve) => setTimeout(resolve, REDIS_TIMEOUT_MS, 'down').unref()),
    ]);
    res
      .status(redis === 'ok' ? 200 : 503)
      .json({ status: redis === 'ok' ? 'ok' : 'degraded', redis });
  });
}
