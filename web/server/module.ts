/**
 * How a feature plugs into the server. A module registers, once at start:
 *  - routes under `/api` (`routers.api`): behind session auth, JSON bodies parsed, `shopOf(req)`
 *    gives the shop;
 *  - public routes at the root (`routers.public`): no auth and no body parsing (e.g. a third
 *    party's webhook receiver, which needs its raw body);
 *  - shop hooks (`deps.eraser.onUninstall` / `onErase`) and shutdown cleanup (`deps.onClose`).
 *    Shopify webhook topics get their handler in src/shopify/webhook-handlers.ts (they run in
 *    the worker process, which loads no modules).
 * A public route whose path holds a credential declares it in `secretPaths` (Express path
 * templates whose `:token` parameter is redacted from the access logs).
 * Its own services are built inside `register` from `deps`, or captured by a factory:
 * `export function pipelineModule(options): AppModule`.
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
