/** The page a Web Vitals report names: a route of the app home, never an id or a query. */
import { expect, test } from 'vitest';
import { pageOfPath } from '../../web/frontend/src/shared/web-vital-pages.ts';

test('names a route by its path, without its query, fragment or trailing slash', () => {
  expect(pageOfPath('/')).toBe('/');
  expect(pageOfPath('/settings/?shop=acme.myshopify.com&host=abc')).toBe('/settings');
  expect(pageOfPath('/activity#review')).toBe('/activity');
});

test('names any other path `other`, ids included', () => {
  expect(pageOfPath('/activity/01HZX8Q2W5V3B7K9M4N6P8R0ST')).toBe('other');
  expect(pageOfPath('/products/123')).toBe('other');
  expect(pageOfPath('other')).toBe('other');
});
