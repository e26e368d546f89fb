/**
 * Every route of the server, read from the Express router it builds (mounted routers included),
 * so a test over all routes also covers a route added later.
 */
import type { Router } from 'express';
import type { App } from '../../src/app/index.ts';
import { createHttpApp } from '../../web/server/app.ts';
import { APP_MODULES } from '../../web/server/modules.ts';

export interface RouteInfo {
  method: string;
  path: string;
}

function routesOf(router: Router, prefix = ''): RouteInfo[] {
  return router.stack.flatMap((layer) => {
    const { route } = layer;
    if (route) {
      if (typeof route.path !== 'string') return []; // the app home's catch-all: no parameters
      const methods = Object.keys((route as unknown as { methods: object }).methods);
      return methods.map((method) => ({ method: method.toUpperCase(), path: prefix + route.path }));
    }
    const nested = (layer.handle as Partial<Router>).stack;
    if (!nested) return [];
    const mount = (layer as unknown as { rawPath: unknown }).rawPath;
    return routesOf(layer.handle as Router, prefix + (mount === '/' ? '' : String(mount)));
  });
}

/** The routes of the server the app's modules make. */
export function serverRoutes(app: App): RouteInfo[] {
  return routesOf(createHttpApp(app, { modules: APP_MODULES }).router as Router);
}
