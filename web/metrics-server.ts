/**
 * Prometheus's scrape endpoint, on its own port (METRICS_PORT) so it is never on the public app
 * URL, and behind `Authorization: Bearer <METRICS_TOKEN>`; without a token nothing listens.
 * Both processes run one: the web process's HTTP latency and webhook lag, the worker's ProductAI
 * and Admin API figures, and from either the state in Redis (queues, rate limiter).
 */
import { createServer, type Server } from 'node:http';
import { once } from 'node:events';
import { timingSafeEqual } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { observeSharedState, type App } from '../src/app/index.ts';

export interface RunningMetricsServer {
  url: string;
  close(): Promise<void>;
}

function bearerMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header?.replace(/^Bearer\s+/i, '') ?? '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Null when metrics are off (no METRICS_TOKEN). `port` overrides the configured one (tests). */
export async function startMetricsServer(
  deps: App,
  options: { port?: number; host?: string } = {},
): Promise<RunningMetricsServer | null> {
  const { token, port } = deps.config.metrics;
  if (!token) return null;
  const stopObserving = observeSharedState(deps);
  const { registry } = deps.metrics;
  const server: Server = createServer((req, res) => {
    if (req.method !== 'GET' || req.url !== '/metrics') {
      res.writeHead(404).end();
      return;
    }
    if (!bearerMatches(req.headers.authorization, token)) {
      res.writeHead(401, { 'WWW-Authenticate': 'Bearer' }).end();
      return;
    }
    registry.metrics().then(
      (text) => res.writeHead(200, { 'Content-Type': registry.contentType }).end(text),
      (error: unknown) => {
        deps.logger.error({ err: error }, 'metrics collection failed');
        res.writeHead(500).end();
      },
    );
  });
  server.listen(options.port ?? port, options.host ?? deps.config.http.host);
  await once(server, 'listening');
  const address = server.address() as AddressInfo;
  deps.logger.info({ port: address.port }, 'metrics listening');
  return {
    url: `http://127.0.0.1:${address.port}/metrics`,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await stopObserving();
    },
  };
}
