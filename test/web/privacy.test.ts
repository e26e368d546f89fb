/**
 * The privacy policy the App Store listing links to: public at GET /privacy (no session, no
 * cookie, no Shopify parameters), a plain HTML document that names each compliance topic and
 * what it removes, with this deployment's retention figures.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.ts';

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ env: { GENERATION_RETENTION_DAYS: '45' } });
});

afterAll(async () => {
  await app.server.close();
});

/** The page's text as a reader meets it: tags, comments and the head's style dropped. */
function visibleText(html: string): string {
  return html
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<(style|script)[\s\S]*?<\/\1>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');
}

describe('GET /privacy', () => {
  it('is served to anyone, without a session: 200, an HTML document', async () => {
    const response = await fetch(`${app.url}/privacy`);

    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html; charset=utf-8/);
    const html = await response.text();
    expect(html).toMatch(/^<!doctype html>/i);
    expect(html).toContain('<html lang="en">');
    expect(html).toMatch(/<title>Privacy policy[^<]*<\/title>/);
    expect(html).not.toMatch(/<script/i);
  });

  it('names each compliance topic and app/uninstalled, each with what it removes', async () => {
    const html = await (await fetch(`${app.url}/privacy`)).text();
    // A definition list: each topic a term, what it removes its definition.
    const removes = Object.fromEntries(
      [...html.matchAll(/<dt><code>([^<]+)<\/code><\/dt>\s*<dd>([\s\S]*?)<\/dd>/g)].map(
        ([, topic, definition]) => [topic, visibleText(definition!)],
      ),
    );

    expect(Object.keys(removes).sort()).toEqual([
      'app/uninstalled',
      'customers/data_request',
      'customers/redact',
      'shop/redact',
    ]);
    expect(removes['app/uninstalled']).toMatch(
      /deletes the store's Shopify tokens and its ProductAI API key/,
    );
    expect(removes['shop/redact']).toMatch(/erases everything it stored for the store/);
    expect(removes['customers/data_request']).toMatch(/no data about the store's customers/);
    expect(removes['customers/redact']).toMatch(/nothing to erase/);
  });

  it('says what is sent to ProductAI, with whose key, and for how long data is kept', async () => {
    const text = visibleText(await (await fetch(`${app.url}/privacy`)).text());

    expect(text).toContain("merchant's own ProductAI API key");
    expect(text).toContain('product images');
    expect(text).toContain('prompt');
    // GENERATION_RETENTION_DAYS of this deployment, not a figure written in the page.
    expect(text).toContain('45 days after it finishes');
    expect(text).not.toMatch(/\{\{|\}\}/);
  });

  it('answers an embedded-app request the same: no redirect to a login, no app home', async () => {
    const response = await fetch(`${app.url}/privacy?shop=x.myshopify.com&embedded=1`, {
      redirect: 'manual',
      headers: { Accept: 'text/html' },
    });

    expect(response.status).toBe(200);
    expect(await response.text()).toContain('<h1>Privacy policy</h1>');
  });
});
