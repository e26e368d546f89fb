/**
 * The app home: the HTML document Shopify's admin frames. Shopify requires the
 * `shopify-api-key` meta tag and the App Bridge script as the first script in <head> (a plain
 * synchronous script: App Bridge must run before the app's own code). Its CSP (app-home-csp.ts)
 * says what the page may run, load and connect to, and who may frame it.
 *
 * The front end is the Vite build in web/frontend/dist: its entry tags are taken from the
 * built index.html and placed after App Bridge; its assets are served with long caching.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import express, { type Router } from 'express';
import { appHomeCsp, type AppHomeCspOptions } from './app-home-csp.ts';

export interface AppHomeParts {
  apiKey: string;
  appBridgeSrc: string;
  /** Complete tags, e.g. `<script type="module" src="/assets/index.js"></script>`. */
  scriptTags: string[];
  styleTags: string[];
  /** The share of page loads that report their Web Vitals (`web-vitals-sample-rate` meta). */
  webVitalsSampleRate: number;
  title?: string;
  /** Shown when there is no built front end. */
  bodyHtml?: string;
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

export function renderAppHome(parts: AppHomeParts): string {
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8" />',
    `<meta name="shopify-api-key" content="${escapeHtml(parts.apiKey)}" />`,
    `<script src="${escapeHtml(parts.appBridgeSrc)}"></script>`,
    `<meta name="web-vitals-sample-rate" content="${parts.webVitalsSampleRate}" />`,
    '<meta name="viewport" content="width=device-width, initial-scale=1" />',
    `<title>${escapeHtml(parts.title ?? 'ProductAI Studio')}</title>`,
    ...parts.styleTags,
    ...parts.scriptTags,
    '</head>',
    '<body>',
    parts.bodyHtml ?? '<div id="root"></div>',
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

/** The entry tags of a built index.html (App Bridge and the API-key meta are ours to place). */
export function builtEntryTags(indexHtml: string): { scriptTags: string[]; styleTags: string[] } {
  const scriptTags = [...indexHtml.matchAll(/<script\b[^>]*>[\s\S]*?<\/script>/gi)]
    .map((match) => match[0])
    .filter((tag) => !/app-bridge/i.test(tag));
  const styleTags = [
    ...indexHtml.matchAll(/<link\b[^>]*\brel=["']?(?:stylesheet|modulepreload)["']?[^>]*>/gi),
  ].map((match) => match[0]);
  return { scriptTags, styleTags };
}

export interface AppHomeOptions extends AppHomeCspOptions {
  apiKey: string;
  /** The front end's build folder (web/frontend/dist); used when it holds an index.html. */
  frontendDist: string;
  webVitalsSampleRate: number;
}

/** Serves the built assets, then the app home for every other page the front end routes. */
export function registerAppHome(router: Router, options: AppHomeOptions): void {
  const indexPath = join(options.frontendDist, 'index.html');
  const built = existsSync(indexPath);
  const html = renderAppHome({
    apiKey: options.apiKey,
    appBridgeSrc: options.appBridgeSrc,
    webVitalsSampleRate: options.webVitalsSampleRate,
    ...(built
      ? builtEntryTags(readFileSync(indexPath, 'utf8'))
      : {
          scriptTags: [],
          styleTags: [],
          bodyHtml:
            '<main><h1>ProductAI Studio</h1><p>The front end is not built yet (web/frontend/dist).</p></main>',
        }),
  });

  if (built) {
    // Vite names assets by content hash, so they can be cached for good.
    router.use(
      '/assets',
      express.static(join(options.frontendDist, 'assets'), {
        immutable: true,
        maxAge: '1y',
        fallthrough: false,
      }),
    );
  }

  router.get(/^\/(?!api\/|api$|webhooks\/|assets\/|healthz$).*/, (req, res, next) => {
    if (!req.accepts('html')) return next();
    res.setHeader('Content-Security-Policy', appHomeCsp(req.query.shop, options));
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
    res.type('html').send(html);
  });
}
