/**
 * Runs the app on a port and stops it gracefully: stop accepting connections and report
 * "draining" on /readyz, let in-flight requests finish, drain the work they started, run the
 * modules' close hooks, close Redis. Past the shutdown timeout, remaining connections are cut.
 */
import { createServer, type Server, type ServerResponse } from 'node:http';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import type { App } from '../../src/app/index.ts';
import type { AppModule } from './module.ts';
import { createHttpApp } from './app.ts';

export interface RunningServer {
  url: string;
  port: number;
  server: Server;
  /** Graceful stop; resolves when everything is closed. Safe to call twice. */
  close(): Promise<void>;
}

export interface StartServerOptions {
  modules: readonly AppModule[];
  port: number;
  host: string;
  frontendDist?: string;
}

export async function startServer(deps: App, options: StartServerOptions): Promise<RunningServer> {
  let draining = false;
  const app = createHttpApp(deps, {
    modules: options.modules,
    isDraining: () => draining,
    frontendDist: options.frontendDist,
  });
  // Responses in progress: when draining starts, they are told to close their connection, so
  // keep-alive clients reconnect elsewhere instead of holding this process open.
  const inFlight = new Set<ServerResponse>();
  const server = createServer((req, res) => {
    inFlight.add(res);
    res.on('close', () => {
      inFlight.delete(res);
      if (draining) setImmediate(() => server.closeIdleConnections());
    });
    if (draining) res.shouldKeepAlive = false;
    app(req, res);
  });
  server.listen(options.port, options.host);
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  const host = options.host === '0.0.0.0' || options.host === '::' ? '127.0.0.1' : options.host;

  let closing: Promise<void> | undefined;
  async function shutdown(): Promise<void> {
    const log = deps.logger.child({ component: 'shutdown' });
    const deadline = deps.clock.now() + deps.config.http.shutdownTimeoutMs;
    draining = true;
    for (const res of inFlight) if (!res.headersSent) res.shouldKeepAlive = false;
    log.info(
      { requests: inFlight.size },
      'stopping: no new connections, draining in-flight requests',
    );
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    const timer = setTimeout(
      () => {
        log.warn('shutdown timeout: closing remaining connections');
        server.closeAllConnections();
      },
      Math.max(0, deadline - deps.clock.now()),
    );
    await closed;
    clearTimeout(timer);
    const left = await deps.background.drain(Math.max(0, deadline - deps.clock.now()));
    if (left > 0) log.warn({ tasks: left }, 'shutdown timeout: background tasks abandoned');
    await deps.close();
    log.info('stopped');
  }

  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    port,
    server,
    close: () => (closing ??= shutdown()),
  };
}
