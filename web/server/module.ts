/**
 * How a part of the HTTP surface plugs into the server. A module registers its routes once at
 * start, with the built App (src/app) as `deps`:
 *  - routes under `/api` (`routers.api`): behind session auth, JSON bodies parsed, `shopOf(req)`
 *    gives the shop;
 *  - public routes at the root (`routers.public`): no auth and no body parsing (e.g. a third
 *    party's webhook receiver, which needs its raw body).
 * A route parses, calls one method of `app.features.<feature>` and answers; what a feature does
 * at a shop's erasure or at shutdown is registered by the composition root (src/app), not here.
 * Shopify webhook topics get their handler in src/shopify/webhook-handlers.ts (they run in the
 * worker process, which loads no modules). A public route whose path holds a credential declares
 * it in `secretPaths` (Express path templates whose `:token` parameter is redacted from the
 * access logs). The list of modules is web/server/modules.ts.
 */
import type { Router } from 'express';
import type { App } from '../../src/app/index.ts';

export interface AppRouters {
  api: Router;
  public: Router;
}

export interface AppModule {
  name: string;
  secretPaths?: readonly string[];
  register(routers: AppRouters, deps: App): void;
}
