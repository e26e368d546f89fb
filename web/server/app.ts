/**
 * Builds the Express app from its dependencies and feature modules. Order matters:
 * request context → a proxy chain unlike TRUST_PROXY's, logged once → HTTP metrics → rate limit per source address and route family on the public
 * routes (Shopify's webhooks: of refused deliveries only) → health → Shopify webhooks (raw body) → modules' public routes → /api (CORS, auth and the shop's rate
 * limit, JSON) → app home and assets → the one error handler.
 */
import { fileURLToPath } from 'node:url';
import express, { Router, type Express } from 'express';
import type { App } from '../../src/app/index.ts';
import type { AppModule } from './module.ts';
import { requestContext } from './plugins/request-context.ts';
import { forwardedHopsCheck } from './plugins/forwarded-hops.ts';
import { httpMetrics } from './plugins/http-metrics.ts';
import { errorHandler } from './plugins/error-handler.ts';
import { addressRateLimit, refusedWebhookRateLimit } from './plugins/rate-limit.ts';
import { registerHealthz } from './routes/healthz.ts';
import { registerPrivacyPolicy } from './routes/privacy.ts';
import { registerShopifyWebhooks } from './routes/shopify-webhooks.ts';
import { createApiRouter } from './routes/api.ts';
import { registerAppHome } from './routes/app-home.ts';

/** Where third parties call the app unauthenticated by a session: webhooks and Flow actions. */
const PUBLIC_ROUTE_PREFIXES = ['/webhooks', '/flow'];

export const DEFAULT_FRONTEND_DIST = fileURLToPath(new URL('../frontend/dist', import.meta.url));

export interface CreateHttpAppOptions {
  modules: readonly AppModule[];
  /** Readiness answers 503 once true (set while the server drains). */
  isDraining?: () => boolean;
  frontendDist?: string;
}

export function createHttpApp(deps: App, options: CreateHttpAppOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', deps.config.http.trustProxy);
  app.use(
    requestContext(deps.logger, {
      secretPaths: options.modules.flatMap((module) => module.secretPaths ?? []),
    }),
  );

  app.use(forwardedHopsCheck(deps.config.http.trustProxy, deps.logger));
  app.use(httpMetrics(deps.metrics));
  app.use(PUBLIC_ROUTE_PREFIXES, addressRateLimit(deps));

  const root = Router();
  registerHealthz(root, { redis: deps.redis, isDraining: options.isDraining ?? (() => false) });
  registerPrivacyPolicy(root, deps.config.pipeline.retention);
  registerShopifyWebhooks(root, deps.features.shopifyWebhooks, refusedWebhookRateLimit(deps));

  const publicRoutes = Router();
  const api = createApiRouter(deps);
  for (const module of options.modules)
    module.register({ api: api.routes, public: publicRoutes }, deps);

  app.use(root);
  app.use(publicRoutes);
  app.use('/api', api.mount);
  const appHome = Router();
  registerAppHome(appHome, {
    apiKey: deps.config.shopify.apiKey,
    appBridgeSrc: deps.config.appHome.appBridgeScriptUrl,
    extraFrameAncestors: deps.config.appHome.extraFrameAncestors,
    devOrigins: deps.config.appHome.devOrigins,
    webVitalsSampleRate: deps.config.appHome.webVitalsSampleRate,
    frontendDist: options.frontendDist ?? DEFAULT_FRONTEND_DIST,
  });
  app.use(appHome);
  app.use(errorHandler());
  return app;
}
