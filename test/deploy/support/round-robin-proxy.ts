/**
 * The rehearsal's load balancer, standing in for compose.yaml's nginx (deploy/nginx.conf),
 * which cannot run here: round robin over the web processes, X-Forwarded-For appended, and a
 * request whose upstream refuses the connection (a killed or stopped process) goes to the next
 * one — nginx's `proxy_next_upstream error`; a request that reached a process is never resent.
 */
import { createServer, request, type IncomingMessage } from 'node:http';
import { listenOnLoopback, type Listening } from '../../../emulators/shared/listen.ts';

export interface RoundRobinProxy extends Listening {
  /** Requests each upstream answered, by its URL. */
  answered: Map<string, number>;
}

async function body(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function startRoundRobinProxy(upstreams: readonly string[]): Promise<RoundRobinProxy> {
  let turn = 0;
  const answered = new Map(upstreams.map((url) => [url, 0]));
  const server = createServer(async (req, res) => {
    const payload = await body(req);
    const forwardedFor = [req.headers['x-forwarded-for'], req.socket.remoteAddress]
      .filter(Boolean)
      .join(', ');
    for (let tried = 0; tried < upstreams.length; tried++) {
      const upstream = upstreams[turn++ % upstreams.length]!;
      const outcome = await new Promise<'answered' | 'refused'>((resolve) => {
        const forward = request(
          `${upstream}${req.url ?? '/'}`,
          {
            method: req.method,
            headers: { ...req.headers, 'x-forwarded-for': forwardedFor, connection: 'close' },
          },
          (upstreamRes) => {
            answered.set(upstream, answered.get(upstream)! + 1);
            res.writeHead(upstreamRes.statusCode ?? 502, upstreamRes.headers);
            upstreamRes.pipe(res);
            resolve('answered');
          },
        );
        forward.on('error', (error: NodeJS.ErrnoException) => {
          if (error.code === 'ECONNREFUSED') return resolve('refused');
          if (!res.headersSent) res.writeHead(502).end();
          else res.destroy();
          resolve('answered');
        });
        forward.end(payload);
      });
      if (outcome === 'answered') return;
    }
    res.writeHead(502).end();
  });
  return { ...(await listenOnLoopback(server)), answered };
}
