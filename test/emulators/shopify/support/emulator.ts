/**
 * Helpers for the Shopify emulator's tests: start it small, talk to it over HTTP the way the
 * app does (origin rewritten, shop in X-Forwarded-Host), and receive its webhooks.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import { listenOnLoopback } from '../../../../emulators/shared/listen.ts';
import {
  startShopifyEmulator,
  type ShopifyEmulator,
  type ShopifyEmulatorOptions,
} from '../../../../emulators/shopify/index.ts';

export const API_KEY = 'test-client-id';
export const API_SECRET = 'test-client-secret';
export const SHOP = 'demo-store.myshopify.com';
export const API_PATH = '/admin/api/2026-10/graphql.json';

export const TOKEN_EXCHANGE = {
  grant_type: 'urn:ietf:params:oauth:grant-type:token-exchange',
  subject_token_type: 'urn:ietf:params:oauth:token-type:id_token',
  requested_token_type: 'urn:shopify:params:oauth:token-type:offline-access-token',
};

export function startTestEmulator(
  options: Partial<ShopifyEmulatorOptions> = {},
): Promise<ShopifyEmulator> {
  return startShopifyEmulator({
    apiKey: API_KEY,
    apiSecret: API_SECRET,
    productCount: 80,
    mediaProcessingMs: 40,
    ...options,
  });
}

/** A request to the emulator as the app's rewriting fetch sends it. */
export function shopFetch(
  emulator: ShopifyEmulator,
  path: string,
  init: RequestInit & { shop?: string } = {},
): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set('X-Forwarded-Host', init.shop ?? SHOP);
  return fetch(`${emulator.url}${path}`, { ...init, headers });
}

export async function tokenRequest(
  emulator: ShopifyEmulator,
  body: Record<string, unknown>,
  shop = SHOP,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await shopFetch(emulator, '/admin/oauth/access_token', {
    shop,
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ client_id: API_KEY, client_secret: API_SECRET, ...body }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

export interface TokenPair {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  refresh_token_expires_in: number;
  scope: string;
}

/** Token exchange for an expiring offline token, as the app does on first contact. */
export async function exchangeToken(emulator: ShopifyEmulator, shop = SHOP): Promise<TokenPair> {
  const { status, body } = await tokenRequest(
    emulator,
    { ...TOKEN_EXCHANGE, subject_token: emulator.signSessionToken(shop), expiring: '1' },
    shop,
  );
  if (status !== 200) throw new Error(`token exchange failed: ${status} ${JSON.stringify(body)}`);
  return body as unknown as TokenPair;
}

export interface GraphqlResult<T = Record<string, unknown>> {
  status: number;
  data?: T;
  errors?: {
    message: string;
    path?: unknown[];
    locations?: unknown[];
    extensions?: Record<string, unknown>;
  }[];
  extensions?: {
    cost: {
      requestedQueryCost: number;
      actualQueryCost: number | null;
      throttleStatus: { maximumAvailable: number; currentlyAvailable: number; restoreRate: number };
    };
  };
}

export async function graphql<T = Record<string, unknown>>(
  emulator: ShopifyEmulator,
  token: string,
  query: string,
  variables: Record<string, unknown> = {},
  shop = SHOP,
): Promise<GraphqlResult<T>> {
  const response = await shopFetch(emulator, API_PATH, {
    shop,
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Shopify-Access-Token': token },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as Omit<GraphqlResult<T>, 'status'>;
  return { status: response.status, ...body };
}

export interface ReceivedWebhook {
  /** The path it was POSTed to. */
  path: string;
  headers: IncomingHttpHeaders;
  rawBody: Buffer;
}

/** A stand-in for the app's webhook endpoint: records every request, answers 200. */
export async function startWebhookReceiver(): Promise<{
  url: string;
  /** Its origin, for an app URL its subscriptions' paths are under. */
  origin: string;
  received: ReceivedWebhook[];
  /** Resolves with the next webhook of this topic to arrive. */
  next(topic: string): Promise<ReceivedWebhook>;
  close(): Promise<void>;
}> {
  const received: ReceivedWebhook[] = [];
  const waiting: { topic: string; resolve: (webhook: ReceivedWebhook) => void }[] = [];
  const server = await listenOnLoopback(
    createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const webhook = {
          path: req.url ?? '',
          headers: req.headers,
          rawBody: Buffer.concat(chunks),
        };
        received.push(webhook);
        res.writeHead(200).end();
        for (const waiter of waiting.splice(0)) {
          if (waiter.topic === req.headers['x-shopify-topic']) waiter.resolve(webhook);
          else waiting.push(waiter);
        }
      });
    }),
  );
  return {
    url: `${server.url}/webhooks/shopify`,
    origin: server.url,
    received,
    next: (topic) => new Promise((resolve) => waiting.push({ topic, resolve })),
    close: () => server.close(),
  };
}

/** Serves fixed bytes at fixed paths (the "external URLs" media are created from). */
export async function startFileServer(
  files: Record<string, { type: string; bytes: Buffer }>,
): Promise<{ url: string; close(): Promise<void> }> {
  return listenOnLoopback(
    createServer((req, res) => {
      const file = files[req.url ?? ''];
      if (!file) {
        res.writeHead(404).end('not found');
        return;
      }
      res
        .writeHead(200, { 'Content-Type': file.type, 'Content-Length': file.bytes.length })
        .end(file.bytes);
    }),
  );
}
