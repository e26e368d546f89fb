/**
 * Input that cannot reach a 500: every id a request carries (a path parameter, a query or body
 * field) is checked against its format (src/app-api/ids.ts) before anything is looked up, so a
 * malformed one is a 4xx that names the id, never a Redis command on another key or a 5xx; a
 * well-formed id that names nothing is a 404. The routes are read from the Express router the
 * server builds, so a route added later is tried too (or this file fails until it says how).
 */
import { createHmac } from 'node:crypto';
import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '../../src/app-api/contract.ts';
import { FLOW_GENERATE_PHOTO_PATH } from '../../web/server/routes/flow-actions.ts';
import { EXPERIMENT_EVENTS_PATH } from '../../src/app/index.ts';
import { API_SECRET } from '../support/app-identity.ts';
import { startTestApp } from '../support/app.ts';
import { seededProducts } from '../support/seeded-shop.ts';
import { serverRoutes, type RouteInfo } from '../support/server-routes.ts';
import { SUMMER_RULE } from '../support/summer-rule.ts';

const app = await startTestApp({
  // Every storefront event batch below comes from 127.0.0.1: room for all of them.
  env: { PRODUCTAI_WEBHOOK_ALLOWED_IPS: '127.0.0.1', PIXEL_RATE_LIMIT_BURST: '1000' },
});

const ROUTES = serverRoutes(app.deps);
const key = (route: RouteInfo) => `${route.method} ${route.path}`;
const WITH_PARAMS = ROUTES.filter((route) => route.path.includes('/:'));
const WITH_BODY = ROUTES.filter((route) => ['POST', 'PUT', 'PATCH'].includes(route.method));

/** Not an id of any kind: Redis key syntax and globs, paths, NUL, length, a GID of no field. */
const MALFORMED = [
  'index:all',
  '../x',
  '..',
  '\u0000',
  '%00',
  '*',
  '{x}',
  '-1',
  'x'.repeat(300),
  '9'.repeat(300),
  'gid://shopify/Order/1',
  'gid://shopify/ProductVariant/1',
  'gid://shopify/Product/1/../2',
];

const ULID = '01ARZ3NDEKTSV4RRFFQ69G5FAV';
const UUID = '6f1c1f7e-5d1a-4c1e-9f4b-2b0c6a8e9d10';
const PRODUCT = 'gid://shopify/Product/999999999';
const COLLECTION = 'gid://shopify/Collection/999999999';
const MEDIA = 'gid://shopify/MediaImage/999999999';

/**
 * A well-formed id that names nothing, for each route with a path parameter (by the path up to
 * its parameter), and the body the route needs to get as far as looking it up.
 */
type BodyFor = (shop: string) => Promise<unknown>;
const UNKNOWN: Record<string, { value: string; body?: unknown; status?: number }> = {
  '/api/products/:id': { value: PRODUCT },
  '/api/collections/:id': { value: COLLECTION },
  '/api/generations/:id': { value: ULID },
  '/api/option-groups/:id': { value: ULID, body: { generationIds: [ULID] } },
  '/api/review-batches/:id': { value: ULID },
  '/api/bulk-runs/:id': { value: ULID },
  '/api/campaigns/:id': { value: ULID },
  '/api/experiments/:id': { value: ULID, body: { keep: 'ai' } },
  '/api/variant-sets/:id': { value: ULID, body: { productId: PRODUCT, action: 'approve' } },
  // A job that is not the shop's reads as one attached meanwhile: 409 result_gone.
  '/api/unclaimed-results/:jobId': {
    value: '123456789',
    body: (async (shop) => ({ productId: (await seededProducts(app, shop))[0]!.id })) as BodyFor,
    status: 409,
  },
  '/api/rules/:id': { value: UUID, body: { ...SUMMER_RULE, active: true } },
  '/webhooks/productai/:shop': { value: 'nobody-here.myshopify.com', body: {} },
  '/webhooks/productai/:shop/:token': { value: 'no-such-token', body: {} },
};

function unknownFor(path: string, param: string) {
  const upTo = path.slice(0, path.indexOf(`:${param}`) + param.length + 1);
  const found = UNKNOWN[upTo];
  if (!found) throw new Error(`Say which id ${upTo} takes: add it to UNKNOWN.`);
  return found;
}

const rule = {
  ...SUMMER_RULE,
  match: { ...SUMMER_RULE.match, collections: [{ id: COLLECTION, title: 'Summer' }] },
  presetId: 'studio-white',
};
const generationRequest = {
  productId: PRODUCT,
  kind: 'photo',
  prompt: 'On a beach',
  sourceMediaIds: [MEDIA],
};
const collectionRun = {
  kind: 'photo',
  prompt: 'On a beach',
  target: { type: 'collection', collectionId: COLLECTION },
};
const productsRun = { ...collectionRun, target: { type: 'products', productIds: [PRODUCT] } };
const campaign = {
  ...productsRun,
  name: 'Summer',
  startsAt: '2031-06-01T00:00',
  endsAt: '2031-06-02T00:00',
};

/**
 * Every route that takes a body: the body of a valid request and its id fields (dotted paths),
 * or why it has none. Each id field is sent malformed in turn; the rest stays valid.
 */
const BODIES: Record<string, { body: unknown; ids: string[] }[] | string> = {
  'POST /webhooks/shopify':
    'signed by Shopify; the shop it names is checked in test/web/shopify-webhooks.test.ts',
  'POST /webhooks/productai/:shop/:token': 'the ids are in the path',
  [`POST ${FLOW_GENERATE_PHOTO_PATH}`]: 'signed by Flow: its own test below',
  [`POST ${EXPERIMENT_EVENTS_PATH}`]: [
    {
      body: {
        shop: 'any-shop.myshopify.com',
        experiment: 'exp-1',
        arm: 'original',
        visitor: 'visitor-1',
        events: [{ id: 'event-1', type: 'exposure' }],
      },
      ids: ['shop', 'experiment', 'arm', 'visitor', 'events.0.id'],
    },
  ],
  'PATCH /api/settings': [
    {
      body: { presets: [{ id: 'studio-white', name: 'Studio', prompt: 'White' }] },
      ids: ['presets.0.id'],
    },
  ],
  'PUT /api/settings/api-key': 'no ids',
  'PUT /api/settings/style/reference': 'image bytes, no ids',
  'POST /api/settings/style/reference/from-generation': [
    { body: { generationId: ULID }, ids: ['generationId'] },
  ],
  'POST /api/shop/resume': 'no body',
  'POST /api/setup-guide/dismiss': 'no body',
  'POST /api/generations/estimate': [
    { body: generationRequest, ids: ['productId', 'sourceMediaIds.0'] },
  ],
  'POST /api/generations': [{ body: generationRequest, ids: ['productId', 'sourceMediaIds.0'] }],
  'POST /api/generations/:id/approve': 'no body',
  'POST /api/generations/:id/reject': 'no body',
  'POST /api/generations/:id/undo': 'no body',
  'POST /api/generations/:id/cancel': 'no body',
  'POST /api/generations/:id/retry': 'no body',
  'POST /api/option-groups/:id/choose': [
    { body: { generationIds: [ULID] }, ids: ['generationIds.0'] },
  ],
  'POST /api/variant-sets/:id/decision': [
    {
      body: { productId: PRODUCT, action: 'approve', generationIds: [ULID] },
      ids: ['productId', 'generationIds.0'],
    },
  ],
  'POST /api/review-batches': [
    {
      body: { action: 'approve', target: { type: 'generations', ids: [ULID] } },
      ids: ['target.ids.0'],
    },
    {
      body: { action: 'undo', target: { type: 'bulkRun', bulkRunId: ULID } },
      ids: ['target.bulkRunId'],
    },
  ],
  'POST /api/bulk-runs/estimate': [
    { body: collectionRun, ids: ['target.collectionId'] },
    { body: productsRun, ids: ['target.productIds.0'] },
  ],
  'POST /api/bulk-runs': [
    { body: collectionRun, ids: ['target.collectionId'] },
    { body: productsRun, ids: ['target.productIds.0'] },
  ],
  'POST /api/bulk-runs/:id/pause': 'no body',
  'POST /api/bulk-runs/:id/resume': 'no body',
  'POST /api/bulk-runs/:id/cancel': 'no body',
  'POST /api/campaigns': [{ body: campaign, ids: ['target.productIds.0'] }],
  'POST /api/campaigns/:id/cancel': 'no body',
  'POST /api/campaigns/:id/end': 'no body',
  'POST /api/experiments': [
    { body: { productId: PRODUCT, generationIds: [ULID] }, ids: ['productId', 'generationIds.0'] },
  ],
  'POST /api/experiments/:id/stop': 'no ids: { keep }',
  'POST /api/experiments/:id/keep-winner': 'no body',
  'POST /api/unclaimed-results/:jobId/attach': [
    { body: { productId: PRODUCT }, ids: ['productId'] },
  ],
  'POST /api/rules': [{ body: rule, ids: ['match.collections.0.id', 'presetId'] }],
  'PUT /api/rules/:id': [{ body: rule, ids: ['match.collections.0.id', 'presetId'] }],
  'PATCH /api/rules/:id': 'no ids: { active }',
  'PUT /api/rules-cap': 'no ids',
  'POST /api/web-vitals': 'no ids: { page, metrics }',
};

/** A copy of `body` with the field at `path` (dotted) set to `value`. */
function withField(body: unknown, path: string, value: unknown): unknown {
  const copy = structuredClone(body) as Record<string, unknown>;
  const parts = path.split('.');
  let at: Record<string, unknown> = copy;
  for (const part of parts.slice(0, -1)) at = at[part] as Record<string, unknown>;
  at[parts.at(-1)!] = value;
  return copy;
}

interface Answer {
  status: number;
  body: ApiErrorBody;
}

/**
 * A request to the app with its path exactly as given (node:http: fetch would resolve `..`
 * segments before sending). /api ones carry a session token of a shop of their own, so that no
 * shop's rate limit is reached; `body` may be made for that shop.
 */
async function send(method: string, path: string, body?: unknown): Promise<Answer> {
  const shop = app.newShop();
  const headers: Record<string, string> = {};
  if (path.startsWith('/api/')) headers.authorization = `Bearer ${app.sessionToken(shop)}`;
  const takesBody = ['POST', 'PUT', 'PATCH'].includes(method) && body !== undefined;
  const payload = typeof body === 'function' ? await (body as BodyFor)(shop) : body;
  if (takesBody) headers['content-type'] = 'application/json';
  const { hostname, port } = new URL(app.url);
  return new Promise((resolve, reject) => {
    const outgoing = request({ hostname, port, path, method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const text = Buffer.concat(chunks).toString();
        const parsed = text.startsWith('{') ? (JSON.parse(text) as ApiErrorBody) : null;
        resolve({ status: response.statusCode!, body: parsed ?? { error: '', message: text } });
      });
    });
    outgoing.on('error', reject);
    outgoing.end(takesBody ? JSON.stringify(payload) : undefined);
  });
}

function fill(route: RouteInfo, param: string, value: string): string {
  return route.path.replace(/:(\w+)/g, (_match, name: string) =>
    encodeURIComponent(name === param ? value : unknownFor(route.path, name).value),
  );
}

function paramsOf(path: string): string[] {
  return [...path.matchAll(/:(\w+)/g)].map((match) => match[1]!);
}

describe('path parameters', () => {
  it('finds the routes with path parameters in the router', () => {
    expect(WITH_PARAMS.map(key)).toEqual(
      expect.arrayContaining([
        'GET /api/generations/:id',
        'PUT /api/rules/:id',
        'POST /api/unclaimed-results/:jobId/attach',
        'POST /webhooks/productai/:shop/:token',
      ]),
    );
  });

  it.each(WITH_PARAMS.map((route) => [key(route), route] as const))(
    '%s: a malformed id is a 4xx that says so, never a 5xx',
    async (_name, route) => {
      for (const param of paramsOf(route.path)) {
        for (const value of MALFORMED) {
          const body = unknownFor(route.path, param).body;
          const response = await send(route.method, fill(route, param, value), body);
          const answer = `${route.method} ${route.path} with ${param}=${JSON.stringify(value).slice(0, 40)}: ${response.status}`;
          expect(response.status >= 400 && response.status < 500, answer).toBe(true);
          if (route.path.startsWith('/api/')) {
            expect(response.status, answer).toBe(400);
            expect(response.body.message, answer).toMatch(/^Not an? .* id\.$/);
          }
        }
      }
    },
  );

  it.each(WITH_PARAMS.map((route) => [key(route), route] as const))(
    '%s: a well-formed id that names nothing is a 404',
    async (_name, route) => {
      const param = paramsOf(route.path).at(-1)!;
      const { value, body, status = 404 } = unknownFor(route.path, param);
      const response = await send(route.method, fill(route, param, value), body);
      expect(response.status, `${route.method} ${route.path}`).toBe(status);
    },
  );

  it('refuses an id that is not URL-encoding with a 400', async () => {
    const response = await send('GET', '/api/generations/%E0%A4%A');
    expect(response.status).toBe(400);
  });
});

describe('id fields of bodies and queries', () => {
  it('knows the body of every route that takes one', () => {
    expect(WITH_BODY.map(key).filter((name) => !(name in BODIES))).toEqual([]);
  });

  const cases = Object.entries(BODIES).flatMap(([name, bodies]) =>
    typeof bodies === 'string'
      ? []
      : bodies.flatMap(({ body, ids }) => ids.map((field) => [name, field, body] as const)),
  );
  it.each(cases)('%s: a malformed %s is a 400 naming it', async (name, field, body) => {
    const [method, template] = name.split(' ') as [string, string];
    const path = template.replace(/:(\w+)/g, (_match, param: string) =>
      encodeURIComponent(unknownFor(template, param).value),
    );
    for (const value of MALFORMED) {
      const response = await send(method, path, withField(body, field, value));
      expect(response.status, `${name} ${field}=${JSON.stringify(value).slice(0, 40)}`).toBe(400);
      expect(Object.keys(response.body.fields ?? {})).toEqual([field]);
    }
  });

  it('GET /api/generations: a malformed bulkRunId, productId or cursor is a 400 naming it', async () => {
    for (const field of ['bulkRunId', 'productId', 'cursor']) {
      for (const value of MALFORMED) {
        const response = await send(
          'GET',
          `/api/generations?${field}=${encodeURIComponent(value)}`,
        );
        expect(response.status, `${field}=${JSON.stringify(value).slice(0, 40)}`).toBe(400);
        expect(Object.keys(response.body.fields ?? {})).toEqual([field]);
      }
    }
  });
});

describe('Shopify Flow', () => {
  /** Flow's action request, signed as Flow signs it (HMAC-SHA256 of the body, base64). */
  function flowRequest(shopifyDomain: string): Promise<Response> {
    const body = JSON.stringify({
      shop_id: '1',
      shopify_domain: shopifyDomain,
      action_run_id: `run-${Math.random()}`,
      handle: 'generate-photo',
      properties: { product_id: '1', prompt: 'On a beach' },
    });
    const hmac = createHmac('sha256', API_SECRET).update(body).digest('base64');
    return fetch(`${app.url}${FLOW_GENERATE_PHOTO_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-shopify-hmac-sha256': hmac },
      body,
    });
  }

  it('answers a malformed shopify_domain with a 422 that Flow shows and does not retry', async () => {
    for (const value of [...MALFORMED, 'Shop.myshopify.com', 'shop.example.com']) {
      const response = await flowRequest(value);
      expect(response.status, JSON.stringify(value).slice(0, 40)).toBe(422);
      expect(await response.json()).toEqual({
        error: 'flow_invalid_fields',
        message: 'Missing or invalid: shopify_domain.',
        params: { fields: 'shopify_domain' },
        fields: { shopify_domain: expect.any(String) },
        fieldErrors: { shopify_domain: { code: 'flow_refused', params: expect.any(Object) } },
        requestId: expect.any(String),
      });
    }
  });
});
