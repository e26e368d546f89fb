/**
 * The app's HTTP server on an AppStack (bench/bulk-app-stack.ts), and calls to its API as App
 * Bridge makes them (a real session token per request).
 */
import { startServer, type RunningServer } from '../web/server/server.ts';
import { APP_MODULES } from '../web/server/modules.ts';
import type { AppStack } from './bulk-app-stack.ts';

export interface BenchServer {
  server: RunningServer;
  /** Calls `/api<path>` for `shop`; answers the status and the parsed body. */
  api<T>(
    shop: string,
    method: string,
    path: string,
    body?: unknown,
  ): Promise<{ status: number; body: T }>;
}

export async function startBenchServer(stack: AppStack): Promise<BenchServer> {
  const server = await startServer(stack.deps, {
    modules: APP_MODULES,
    port: 0,
    host: '127.0.0.1',
    frontendDist: '/nonexistent-frontend-dist',
  });
  return {
    server,
    async api(shop, method, path, body) {
      const response = await fetch(`${server.url}/api${path}`, {
        method,
        headers: {
          Authorization: `Bearer ${stack.shopify.signSessionToken(shop)}`,
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, body: await response.json() };
    },
  };
}
