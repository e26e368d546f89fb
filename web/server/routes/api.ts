/**
 * The app's own API under /api, for the app home and the admin UI extensions: CORS and
 * preflight first, then session-token auth with the shop's rate limit, then JSON bodies (4 KB for
 * a Web Vitals report, 256 KB for any other), then the modules' routes.
 */
import express, { Router } from 'express';
import type { App } from '../../../src/app/index.ts';
import { extensionCors } from '../plugins/cors.ts';
import { sessionAuth } from '../plugins/session-auth.ts';
import { shopRateLimit } from '../plugins/rate-limit.ts';
import { apiNotFound } from '../plugins/error-handler.ts';
import { MAX_WEB_VITALS_BYTES } from '../../../src/app-api/contract.ts';
import { WEB_VITALS_PATH } from './api-web-vitals.ts';

/** Returns the router modules add their /api routes to, and the router to mount at /api. */
export function createApiRouter(deps: App): { mount: Router; routes: Router } {
  const routes = Router();
  const mount = Router();
  mount.use(extensionCors());
  mount.use(sessionAuth(deps, { limit: shopRateLimit(deps) }));
  // A Web Vitals report is small and sent on every page: its own bound, parsed first (the
  // general parser leaves a parsed body alone).
  mount.use(WEB_VITALS_PATH, express.json({ limit: MAX_WEB_VITALS_BYTES }));
  mount.use(express.json({ limit: '256kb' }));
  mount.use(routes);
  mount.use(apiNotFound());
  return { mount, routes };
}
