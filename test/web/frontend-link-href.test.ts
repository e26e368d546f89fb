/**
 * A URL the app home renders as a link is https, an admin page or a path of the app itself
 * (web/frontend/src/lib/link-href.ts): a result's URL from ProductAI, or anything the API
 * passes on, can never make a `javascript:` or plain-http link in the merchant's admin.
 */
import { describe, expect, it } from 'vitest';
import { linkHref } from '../../web/frontend/src/lib/link-href.ts';

describe('a link goes', () => {
  it('to an https URL', () => {
    expect(linkHref('https://results.productai.photo/a.png')).toBe(
      'https://results.productai.photo/a.png',
    );
  });

  it('to a path of the app itself', () => {
    expect(linkHref('/activity?productId=gid%3A%2F%2Fshopify%2FProduct%2F1')).toBe(
      '/activity?productId=gid%3A%2F%2Fshopify%2FProduct%2F1',
    );
  });

  it('to an admin page through App Bridge', () => {
    expect(linkHref('shopify://admin/products/123')).toBe('shopify://admin/products/123');
  });
});

describe('no link is made', () => {
  it.each([
    ['plain http', 'http://results.example.com/a.png'],
    ['a script', 'javascript:alert(document.cookie)'],
    ['a script in capitals and spaces', ' JavaScript:alert(1)'],
    ['data', 'data:text/html,<script>alert(1)</script>'],
    ['a protocol-relative URL', '//evil.example.com/a.png'],
    ['a backslash the browser reads as //', '/\\evil.example.com'],
    ['a tab the browser drops', '/\t/evil.example.com'],
    ['another Shopify scheme host', 'shopify://evil.example.com/x'],
    ['a path relative to the page', 'activity'],
    ['nothing', ''],
  ])('for %s', (_what, url) => {
    expect(linkHref(url)).toBeNull();
  });
});
