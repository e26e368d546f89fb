/**
 * contract.ts's route list is where a reader (and the app home's, the extensions' authors) finds
 * every `/api` route: it must name each route the server has, and no route it does not. The
 * routes are read from the Express router, so a route added without its line fails here.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { startTestApp } from '../support/app.ts';
import { serverRoutes } from '../support/server-routes.ts';

const app = await startTestApp();

/**
 * The routes the list names, `METHOD /api/path`: a query (`?state=…`) is dropped, and a last
 * segment of alternatives (`approve|reject`) is one route each.
 */
function listedRoutes(): string[] {
  const text = readFileSync(new URL('../../src/app-api/contract.ts', import.meta.url), 'utf8');
  const header = text.slice(0, text.indexOf('*/'));
  return [...header.matchAll(/^\s*\*\s+(GET|POST|PUT|PATCH|DELETE)\s+(\/api\/[^\s?]+)/gm)].flatMap(
    ([, method, path]) => {
      const cut = path!.lastIndexOf('/');
      const alternatives = path!.slice(cut + 1).split('|');
      return alternatives.map((last) => `${method} ${path!.slice(0, cut + 1)}${last}`);
    },
  );
}

test('contract.ts lists every /api route the server has, and only those', () => {
  const served = serverRoutes(app.deps)
    .filter((route) => route.path.startsWith('/api/'))
    .map((route) => `${route.method} ${route.path}`);
  expect(listedRoutes().sort()).toEqual([...new Set(served)].sort());
});
