/** The emulator route: configuration only, production URLs untouched. */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { createAdminFetch } from '../../src/shopify/admin-fetch.ts';

const received: { url: string | undefined; headers: IncomingHttpHeaders }[] = [];
const server = createServer((req, res) => {
  received.push({ url: req.url, headers: req.headers });
  if (req.url === '/slow') return; // never answers
  res.end('ok');
});
server.listen(0, '127.0.0.1');
await once(server, 'listening');
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

describe('Shopify fetch', () => {
  it('routes a shop’s requests to the emulator, naming the shop in X-Forwarded-Host', async () => {
    const fetchShopify = createAdminFetch(base);
    const response = await fetchShopify(
      'https://acme.myshopify.com/admin/api/2026-10/graphql.json?x=1',
      {
        method: 'POST',
        headers: { 'X-Shopify-Access-Token': 'shpat_1' },
        body: '{}',
      },
    );
    expect(await response.text()).toBe('ok');
    expect(received.at(-1)).toMatchObject({
      url: '/admin/api/2026-10/graphql.json?x=1',
      headers: { 'x-forwarded-host': 'acme.myshopify.com', 'x-shopify-access-token': 'shpat_1' },
    });
  });

  it('leaves other hosts alone', async () => {
    const seen: string[] = [];
    const fetchShopify = createAdminFetch('http://127.0.0.1:1', async (input) => {
      seen.push(String(input));
      return new Response('ok');
    });
    await fetchShopify('https://api.productai.photo/v1/api/generate');
    expect(seen).toEqual(['https://api.productai.photo/v1/api/generate']);
  });

  it('reroutes nothing without an override', async () => {
    const seen: string[] = [];
    const fetchShopify = createAdminFetch(undefined, async (input) => {
      seen.push(String(input));
      return new Response('ok');
    });
    await fetchShopify('https://acme.myshopify.com/admin/oauth/access_token');
    expect(seen).toEqual(['https://acme.myshopify.com/admin/oauth/access_token']);
  });

  it('times out a request that brought no signal of its own', async () => {
    const fetchShopify = createAdminFetch(base, fetch, 200);
    await expect(fetchShopify('https://acme.myshopify.com/slow')).rejects.toThrow(
      /timeout|aborted/i,
    );
  });
});
