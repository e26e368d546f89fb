/** The app home document, health check and error answers. */
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startTestApp } from '../support/app.ts';
import { API_KEY } from '../support/app-identity.ts';
import { builtEntryTags, renderAppHome } from '../../web/server/routes/app-home.ts';
import { appHomeCsp, frameAncestors } from '../../web/server/routes/app-home-csp.ts';

// A built front end as Vite writes it (index.html with hashed entry tags, assets/).
const dist = mkdtempSync(join(tmpdir(), 'frontend-dist-'));
mkdirSync(join(dist, 'assets'));
writeFileSync(
  join(dist, 'index.html'),
  `<!doctype html><html><head>
  <script src="https://cdn.shopify.com/shopifycloud/app-bridge.js"></script>
  <script type="module" crossorigin src="/assets/index-abc123.js"></script>
  <link rel="stylesheet" crossorigin href="/assets/index-def456.css">
  </head><body><div id="root"></div></body></html>`,
);
writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log("app")');

const app = await startTestApp({
  frontendDist: dist,
  env: { APP_BRIDGE_SCRIPT_URL: 'http://127.0.0.1:1/app-bridge-stand-in.js' },
});

const PRODUCTAI_BASE_URL = 'https://api.productai.photo';

async function cspOf(path: string): Promise<string> {
  const response = await app.call(path, { headers: { Accept: 'text/html' } });
  expect(response.status).toBe(200);
  return response.headers.get('content-security-policy') ?? '';
}

/** One directive of a policy, as written (its name and sources). */
function directive(csp: string, name: string): string | undefined {
  return csp
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.split(' ')[0] === name);
}

describe('app home', () => {
  it('carries the API key meta tag and App Bridge as the first script in <head>', async () => {
    const shop = app.newShop();
    const response = await app.call(`/?shop=${shop}&host=abc&embedded=1`, {
      headers: { Accept: 'text/html' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    const html = await response.text();
    const head = html.slice(html.indexOf('<head>'), html.indexOf('</head>'));
    expect(head).toContain(`<meta name="shopify-api-key" content="${API_KEY}" />`);
    const scripts = [...head.matchAll(/<script\b[^>]*>/g)].map((match) => match[0]);
    expect(scripts[0]).toBe('<script src="http://127.0.0.1:1/app-bridge-stand-in.js">');
    expect(scripts.slice(1)).toEqual([
      '<script type="module" crossorigin src="/assets/index-abc123.js">',
    ]);
    expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/index-def456.css">');
    expect(head.indexOf('shopify-api-key')).toBeLessThan(head.indexOf('<script'));
  });

  it('lets only the shop’s admin and admin.shopify.com frame it', async () => {
    const shop = app.newShop();
    expect(directive(await cspOf(`/?shop=${shop}`), 'frame-ancestors')).toBe(
      `frame-ancestors https://${shop} https://admin.shopify.com`,
    );
  });

  it('ignores a shop parameter that is not a shop domain', async () => {
    expect(
      directive(
        await cspOf('/?shop=evil.example.com%20https://evil.example.com'),
        'frame-ancestors',
      ),
    ).toBe('frame-ancestors https://admin.shopify.com');
  });

  it('runs only its own scripts and App Bridge’s, none inline', async () => {
    expect(directive(await cspOf('/'), 'script-src')).toBe("script-src 'self' http://127.0.0.1:1");
  });

  it('falls back to its own origin for anything its policy does not name', async () => {
    const csp = await cspOf('/settings');
    expect(directive(csp, 'default-src')).toBe("default-src 'self'");
    expect(directive(csp, 'object-src')).toBe("object-src 'none'");
    expect(directive(csp, 'base-uri')).toBe("base-uri 'self'");
  });

  it('connects to its own API, App Bridge and Shopify, and the emulators outside production', async () => {
    expect(directive(await cspOf('/'), 'connect-src')).toBe(
      `connect-src 'self' http://127.0.0.1:1 https://*.shopify.com ${new URL(PRODUCTAI_BASE_URL).origin} ${app.emulator.url}`,
    );
  });

  it('serves the front end’s routes and its hashed assets', async () => {
    expect((await app.call('/settings', { headers: { Accept: 'text/html' } })).status).toBe(200);
    const asset = await app.call('/assets/index-abc123.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect((await app.call('/assets/missing.js')).status).toBe(404);
  });
});

describe('app home rendering', () => {
  it('escapes what it writes into attributes', () => {
    const html = renderAppHome({
      apiKey: '"><script>x</script>',
      appBridgeSrc: 'https://cdn/a.js',
      scriptTags: [],
      styleTags: [],
      webVitalsSampleRate: 1,
    });
    expect(html).not.toContain('"><script>x');
  });

  it('loads images from https and the page’s own thumbnails, never plain http, in production', () => {
    const csp = appHomeCsp('acme.myshopify.com', {
      appBridgeSrc: 'https://cdn.shopify.com/shopifycloud/app-bridge.js',
      extraFrameAncestors: [],
      devOrigins: [],
    });
    expect(directive(csp, 'img-src')).toBe("img-src 'self' data: blob: https:");
    expect(directive(csp, 'media-src')).toBe("media-src 'self' blob: https:");
    expect(directive(csp, 'script-src')).toBe("script-src 'self' https://cdn.shopify.com");
    expect(csp).not.toContain('http:');
  });

  it('adds configured frame ancestors (the demo’s admin stand-in)', () => {
    expect(frameAncestors('acme.myshopify.com', ['http://127.0.0.1:8000'])).toBe(
      'frame-ancestors https://acme.myshopify.com https://admin.shopify.com http://127.0.0.1:8000;',
    );
  });

  it('takes entry tags from a built index.html, leaving App Bridge to the server', () => {
    const tags = builtEntryTags(
      '<head><script src="https://cdn.shopify.com/shopifycloud/app-bridge.js"></script><script type="module" src="/assets/a.js"></script><link rel="modulepreload" href="/assets/b.js"></head>',
    );
    expect(tags).toEqual({
      scriptTags: ['<script type="module" src="/assets/a.js"></script>'],
      styleTags: ['<link rel="modulepreload" href="/assets/b.js">'],
    });
  });
});

describe('GET /healthz', () => {
  it('reports ok while Redis answers', async () => {
    const response = await app.call('/healthz');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok', redis: 'ok' });
  });
});
