/**
 * The worker's /livez and /readyz (and /healthz) on a port of its own (WORKER_HEALTH_PORT), with
 * the same meaning and answers as the web process's (src/platform/health.ts): a worker serves no
 * traffic, but the orchestrator still needs to know it is alive and can reach Redis.
 */
import { createServer } from 'node:http';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { checkHealth, isHealthPath, type HealthDeps } from '../../src/platform/health.ts';

export interface HealthServer {
  port: number;
  close(): Promise<void>;
}

export async function startHealthServer(
  deps: HealthDeps,
  options: { port: number; host: string },
): Promise<HealthServer> {
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://worker').pathname;
    if (req.method !== 'GET' || !isHealthPath(path)) {
      res.writeHead(404, { 'Content-Type': 'application/json' }).end('{"error":"not_found"}');
      return;
    }
    void checkHealth(path, deps).then((answer) => {
      res.writeHead(answer.status, {
        'Content-Type': 'application/json',
        'Cache-Control': 'no-store',
      });
      res.end(JSON.stringify(answer.body));
    });
  });
  server.listen(options.port, options.host);
  await once(server, 'listening');
  return {
    port: (server.address() as AddressInfo).port,
    close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      return closed;
    },
  };
}
