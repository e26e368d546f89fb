/**
 * A real HTTP server on 127.0.0.1 that stands in for the app while the extension tests run:
 * it serves the page that hosts an extension's bundle and answers the extension's `/api/*`
 * calls with bodies typed (and parsed) by the contract.
 *
 * This stand-in is acceptable here because these tests test the extensions, not the server:
 * the real API is tested against the real server elsewhere. To keep the extensions honest it
 * validates every request body with the contract's own schemas, as the real server does.
 */
import { once } from 'node:events';
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { z } from 'zod';
import {
  CreateBulkRunRequest,
  CreateGenerationRequest,
  StartExperimentRequest,
  type ApiErrorBody,
} from '../../../src/app-api/contract.ts';
import { extensionHostPage } from '../../../dev/admin-frame/pages/extension-host-page.ts';
import { shopView } from './fixtures.ts';

export type Route = `${'GET' | 'POST'} /api/${string}`;

export interface RecordedRequest {
  route: string;
  headers: IncomingMessage['headers'];
  body: unknown;
}

/** The request bodies the contract defines, checked before any answer is given. */
const REQUEST_SCHEMAS: Partial<Record<string, z.ZodType>> = {
  'POST /api/generations': CreateGenerationRequest,
  'POST /api/generations/estimate': CreateGenerationRequest,
  'POST /api/bulk-runs': CreateBulkRunRequest,
  'POST /api/bulk-runs/estimate': CreateBulkRunRequest,
  'POST /api/experiments': StartExperimentRequest,
};

export interface AppStandIn {
  url: string;
  /** Answers `route` with this status and JSON body from now on. */
  answer(route: Route, status: number, body: unknown): void;
  /** Answers the next request to `route` with this, before the lasting answer (a gateway's 502). */
  answerOnce(route: Route, status: number, body: unknown): void;
  /** Resolves with the next request to `route` (or one that already came and was not taken). */
  nextRequest(route: Route): Promise<RecordedRequest>;
  /** Every API request so far, in order. */
  requests: RecordedRequest[];
  close(): Promise<void>;
}

/** `bundles`: extension folder -> built bundle file, each served at /bundles/<folder>.js. */
export async function startAppStandIn(bundles: ReadonlyMap<string, string>): Promise<AppStandIn> {
  // Every extension that shows a date asks for the shop's clock first (extensions/shared/
  // shop-clock.ts): the fixtures' shop, until a test answers otherwise.
  const answers = new Map<string, { status: number; body: unknown }>([
    ['GET /api/shop', { status: 200, body: shopView() }],
  ]);
  const onceAnswers = new Map<string, { status: number; body: unknown }[]>();
  const requests: RecordedRequest[] = [];
  const untaken: RecordedRequest[] = [];
  const waiting: Array<{ route: string; resolve: (request: RecordedRequest) => void }> = [];

  const record = (request: RecordedRequest) => {
    requests.push(request);
    const waiter = waiting.findIndex((candidate) => candidate.route === request.route);
    if (waiter === -1) untaken.push(request);
    else waiting.splice(waiter, 1)[0]?.resolve(request);
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      sendJson(res, 500, { error: 'stand_in_failed', message: String(error) });
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = req.url ?? '/';
    const page = /^\/host\/([\w-]+)$/.exec(path);
    if (req.method === 'GET' && page?.[1] && bundles.has(page[1])) {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      res.end(extensionHostPage({ title: page[1], bundleUrl: `/bundles/${page[1]}.js` }));
      return;
    }
    const bundle = /^\/bundles\/([\w-]+)\.js$/.exec(path)?.[1];
    const bundlePath = bundle === undefined ? undefined : bundles.get(bundle);
    if (req.method === 'GET' && bundlePath) {
      res.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8' });
      res.end(await readFile(bundlePath));
      return;
    }
    if (path.startsWith('/api/')) {
      const route = `${req.method} ${path}`;
      const text = await readBody(req);
      const body: unknown = text === '' ? undefined : JSON.parse(text);
      record({ route, headers: req.headers, body });
      const invalid = REQUEST_SCHEMAS[route]?.safeParse(body);
      if (invalid && !invalid.success) {
        sendJson(res, 400, {
          error: 'invalid_request',
          message: `Stand-in: the body breaks the contract: ${invalid.error.message}`,
        } satisfies ApiErrorBody);
        return;
      }
      const answer = onceAnswers.get(route)?.shift() ?? answers.get(route);
      if (answer) sendJson(res, answer.status, answer.body);
      else sendJson(res, 404, { error: 'not_found', message: `No answer set for ${route}` });
      return;
    }
    res.writeHead(404).end();
  }

  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    answer: (route, status, body) => answers.set(route, { status, body }),
    answerOnce: (route, status, body) =>
      onceAnswers.set(route, [...(onceAnswers.get(route) ?? []), { status, body }]),
    nextRequest: (route) => {
      const index = untaken.findIndex((request) => request.route === route);
      if (index !== -1) return Promise.resolve(untaken.splice(index, 1)[0] as RecordedRequest);
      return new Promise((resolve) => waiting.push({ route, resolve }));
    },
    requests,
    close: () =>
      new Promise((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
