/**
 * The app's own API under /api, for the app home and the admin UI extensions: CORS and
 * preflight first, then session-token auth with the shop's rate limit, then JSON bodies, then
 * the modules' routes.
 */
import express, { Router } from 'express';
import type { App } from '../../../src/app/index.ts';
import { extensionCors } from '../plugins/cors.ts';
import { sessionAuth } from '../plugins/session-auth.ts';
import { shopRateLimit } from '../plugins/rate-limit.ts';
import { apiNotFound } from '../plugins/error-handler.ts';

/** Returns the router modules add their /api routes to, and the router to mount at /api. */
export function createApiRouter(deps: App): { mount: Router; routes: Router } {
  const routes = Router();
  const mount = Router();
  mount.use(extensionCors());
  mount.use(sessionAuth(deps, { limit: shopRateLimit(deps) }));
  mount.use(express.json({ limit: '256kb' }));
  mount.use(routes);
  mount.use(apiNotFound());
  return { mount, routes };
}
