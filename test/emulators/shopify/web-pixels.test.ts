/**
 * The app's web pixel as the experiments create it: `webPixelCreate` once per shop (a second is
 * TAKEN), `webPixelUpdate` by its id, `webPixel` reads the app's own; the storefront's pixel
 * sandbox gets the settings written (one record with the control route); settings that are not
 * JSON, or not the pixel's strings, are refused; without `write_pixels`, ACCESS_DENIED.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ShopifyEmulator } from '../../../emulators/shopify/index.ts';
import { exchangeToken, graphql, SHOP, startTestEmulator } from './support/emulator.ts';

const CREATE = `mutation Create($webPixel: WebPixelInput!) {
  webPixelCreate(webPixel: $webPixel) { webPixel { id settings } userErrors { field message code } }
}`;
const UPDATE = `mutation Update($id: ID!, $webPixel: WebPixelInput!) {
  webPixelUpdate(id: $id, webPixel: $webPixel) { webPixel { id settings } userErrors { field code } }
}`;
const READ = 'query Read { webPixel { id settings } }';

interface Payload {
  webPixel: { id: string; settings: string } | null;
  userErrors: { field: string[] | null; code: string }[];
}

let emulator: ShopifyEmulator;
let token: string;
const settings = (endpoint: string) => JSON.stringify({ endpoint, shop: SHOP });

/** The pixel sandbox's settings on a product page of the storefront, or null without a pixel. */
async function storefrontPixelSettings(): Promise<unknown> {
  const html = await (
    await fetch(`${emulator.url}/storefront/${SHOP}/products/${await firstHandle()}`)
  ).text();
  const sandbox = /pixel-sandbox\.js\?([^"]*)"/.exec(html)?.[1];
  if (!sandbox) return null;
  return JSON.parse(new URLSearchParams(sandbox.replaceAll('&amp;', '&')).get('settings')!);
}
async function firstHandle(): Promise<string> {
  const first = await graphql<{ products: { nodes: { handle: string }[] } }>(
    emulator,
    token,
    'query First { products(first: 1) { nodes { handle } } }',
  );
  return first.data!.products.nodes[0]!.handle;
}

beforeAll(async () => {
  emulator = await startTestEmulator();
  token = (await exchangeToken(emulator)).access_token;
});
afterAll(() => emulator.close());

it('creates the app’s pixel once, updates it by id, and the storefront runs it with its settings', async () => {
  expect(await storefrontPixelSettings()).toBeNull();
  const created = (
    await graphql<{ webPixelCreate: Payload }>(emulator, token, CREATE, {
      webPixel: { settings: settings('https://app.example/experiments/events') },
    })
  ).data!.webPixelCreate;
  expect(created.userErrors).toEqual([]);
  expect(created.webPixel!.id).toMatch(/^gid:\/\/shopify\/WebPixel\/\d+$/);
  expect(await storefrontPixelSettings()).toEqual({
    endpoint: 'https://app.example/experiments/events',
    shop: SHOP,
  });

  const again = (
    await graphql<{ webPixelCreate: Payload }>(emulator, token, CREATE, {
      webPixel: { settings: settings('https://other.example/experiments/events') },
    })
  ).data!.webPixelCreate;
  expect(again).toEqual({
    webPixel: null,
    userErrors: [{ field: null, message: 'Web pixel is taken.', code: 'TAKEN' }],
  });

  const id = created.webPixel!.id;
  const updated = (
    await graphql<{ webPixelUpdate: Payload }>(emulator, token, UPDATE, {
      id,
      webPixel: { settings: settings('https://moved.example/experiments/events') },
    })
  ).data!.webPixelUpdate;
  expect(updated.webPixel).toEqual({
    id,
    settings: settings('https://moved.example/experiments/events'),
  });
  expect((await graphql<{ webPixel: unknown }>(emulator, token, READ)).data!.webPixel).toEqual(
    updated.webPixel,
  );
  expect(await storefrontPixelSettings()).toMatchObject({
    endpoint: 'https://moved.example/experiments/events',
  });

  const elsewhere = (
    await graphql<{ webPixelUpdate: Payload }>(emulator, token, UPDATE, {
      id: 'gid://shopify/WebPixel/1',
      webPixel: { settings: settings('https://x.example') },
    })
  ).data!.webPixelUpdate;
  expect(elsewhere).toEqual({ webPixel: null, userErrors: [{ field: ['id'], code: 'NOT_FOUND' }] });
});

it('refuses settings that are no JSON, or not the pixel’s non-empty strings', async () => {
  const codes = [];
  for (const refused of ['{endpoint', JSON.stringify({ endpoint: '', shop: SHOP }), '[1]'])
    codes.push(
      (
        await graphql<{ webPixelUpdate: Payload }>(emulator, token, UPDATE, {
          id: (await graphql<{ webPixel: { id: string } }>(emulator, token, READ)).data!.webPixel
            .id,
          webPixel: { settings: refused },
        })
      ).data!.webPixelUpdate.userErrors.map((error) => error.code),
    );
  expect(codes).toEqual([
    ['INVALID_CONFIGURATION_JSON'],
    ['INVALID_SETTINGS'],
    ['INVALID_SETTINGS'],
  ]);
});

it('answers ACCESS_DENIED without write_pixels, as Shopify does', async () => {
  const narrow = await startTestEmulator({ scopes: ['write_products', 'write_files'] });
  try {
    const narrowToken = (await exchangeToken(narrow)).access_token;
    const answer = await graphql(narrow, narrowToken, CREATE, {
      webPixel: { settings: settings('https://app.example/experiments/events') },
    });
    expect(answer.errors?.[0]?.extensions).toMatchObject({ code: 'ACCESS_DENIED' });
    expect(answer.errors?.[0]?.message).toContain('`write_pixels` access scope');
  } finally {
    await narrow.close();
  }
});
