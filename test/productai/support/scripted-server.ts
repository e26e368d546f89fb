/**
 * A real HTTP server on 127.0.0.1 whose answers the test scripts, for what the emulator does not
 * do on purpose: answers off the contract (unknown job statuses, malformed bodies). Every request
 * is recorded.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { listenOnLoopback } from '../../../emulators/shared/listen.ts';

export type Handler = (req: IncomingMessage, res: ServerResponse) => void;

export interface ScriptedServer {
  url: string;
  /** Method and path of every request received, in order. */
  requests: string[];
  /** Answers the next requests with these handlers, in order; the last one repeats. */
  script(...handlers: Handler[]): void;
  close(): Promise<void>;
}

export function json(status: number, body: unknown): Handler {
  return (_req, res) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
}

export async function startScriptedServer(): Promise<ScriptedServer> {
  let handlers: Handler[] = [json(404, { error: 'no script' })];
  const requests: string[] = [];
  const server = await listenOnLoopback(
    createServer((req, res) => {
      requests.push(`${req.method} ${req.url}`);
      const handler = handlers.length > 1 ? handlers.shift()! : handlers[0]!;
      req.resume();
      req.on('end', () => handler(req, res));
    }),
  );
  return {
    url: server.url,
    requests,
    script: (...next) => {
      handlers = next;
    },
    close: () => server.close(),
  };
}
