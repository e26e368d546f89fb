/**
 * Liveness (`/livez`) and readiness (`/readyz`, and `/healthz` under its older name) for the
 * load balancer and the orchestrator; what each means is in src/platform/health.ts. Readiness
 * turns 503 while the server drains, so traffic moves elsewhere during a deploy.
 */
import type { Router } from 'express';
import { checkHealth, HEALTH_PATHS, type HealthDeps } from '../../../src/platform/health.ts';

export function registerHealthz(router: Router, deps: HealthDeps): void {
  for (const path of HEALTH_PATHS)
    router.get(path, async (_req, res) => {
      const answer = await checkHealth(path, deps);
      res.setHeader('Cache-Control', 'no-store');
      res.status(answer.status).json(answer.body);
    });
}
