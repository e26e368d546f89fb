/**
 * The shop's languages and translations on the emulator, as Shopify's Admin API has them: the
 * demo shop publishes en (primary), fr and de; `translatableResource` gives each key's digest
 * (SHA-256 of its value) and the translations in a locale; `translationsRegister` stores a
 * translation against the digest of the content it translates and refuses a stale digest or a
 * locale the shop does not have; a translation whose content changed reads outdated.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ShopifyEmulator } from '../../../emulators/shopify/index.ts';
import { exchangeToken, graphql, SHOP, startTestEmulator } from './support/emulator.ts';

const LOCALES = 'query Locales { shopLocales(published: true) { locale primary published } }';
const RESOURCE = `query Resource($id: ID!, $locale: String!) {
  translatableResource(resourceId: $id) {
    translatableContent { key value digest locale type }
    translations(locale: $locale) { key locale value outdated }
  }
}`;
const REGISTER = `mutation Register($id: ID!, $translations: [TranslationInput!]!) {
  translationsRegister(resourceId: $id, translations: $translations) {
    translations { key locale value }
    userErrors { field code }
  }
}`;

interface Resource {
  translatableContent: { key: string; value: string; digest: string }[];
  translations: { key: string; locale: string; value: string; outdated: boolean }[];
}
interface Registered {
  translations: { key: string; locale: string; value: string }[] | null;
  userErrors: { field: string[]; code: string }[];
}

let emulator: ShopifyEmulator;
let token: string;
let productId: string;

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

async function resource(id: string, locale: string): Promise<Resource> {
  return (
    await graphql<{ translatableResource: Resource }>(emulator, token, RESOURCE, { id, locale })
  ).data!.translatableResource;
}

async function register(
  translations: { key: string; locale: string; value: string; digest: string }[],
): Promise<Registered> {
  return (
    await graphql<{ translationsRegister: Registered }>(emulator, token, REGISTER, {
      id: productId,
      translations: translations.map(({ digest, ...rest }) => ({
        ...rest,
        translatableContentDigest: digest,
      })),
    })
  ).data!.translationsRegister;
}

beforeAll(async () => {
  emulator = await startTestEmulator();
  token = (await exchangeToken(emulator)).access_token;
  const first = await graphql<{ products: { nodes: { id: string }[] } }>(
    emulator,
    token,
    'query First { products(first: 1) { nodes { id } } }',
  );
  productId = first.data!.products.nodes[0]!.id;
});
afterAll(() => emulator.close());

it('publishes en (primary), fr and de on the demo shop', async () => {
  const result = await graphql<{ shopLocales: unknown[] }>(emulator, token, LOCALES);
  expect(result.data!.shopLocales).toEqual([
    { locale: 'en', primary: true, published: true },
    { locale: 'fr', primary: false, published: true },
    { locale: 'de', primary: false, published: true },
  ]);
});

it('gives a product’s title with the digest of its value', async () => {
  const { translatableContent } = await resource(productId, 'fr');
  const title = translatableContent.find((item) => item.key === 'title')!;
  expect(title).toMatchObject({ locale: 'en', type: 'SINGLE_LINE_TEXT_FIELD' });
  expect(title.digest).toBe(sha256(title.value));
});

it('registers a translation against the content’s digest, the same again changing nothing', async () => {
  const { translatableContent } = await resource(productId, 'fr');
  const digest = translatableContent.find((item) => item.key === 'title')!.digest;
  const translation = { key: 'title', locale: 'fr', value: 'Tasse', digest };

  expect((await register([translation])).userErrors).toEqual([]);
  expect((await register([translation])).userErrors).toEqual([]);

  expect((await resource(productId, 'fr')).translations).toEqual([
    { key: 'title', locale: 'fr', value: 'Tasse', outdated: false },
  ]);
  expect((await resource(productId, 'de')).translations).toEqual([]);
});

it('refuses a stale digest, a locale the shop lacks and its primary, registering none of the call', async () => {
  const { translatableContent } = await resource(productId, 'it');
  const digest = translatableContent.find((item) => item.key === 'title')!.digest;

  const refused = await register([
    { key: 'title', locale: 'de', value: 'Becher', digest },
    { key: 'title', locale: 'de', value: 'Becher', digest: sha256('another title') },
    { key: 'title', locale: 'it', value: 'Tazza', digest },
    { key: 'title', locale: 'en', value: 'Cup', digest },
  ]);

  expect(refused.translations).toBeNull();
  expect(refused.userErrors).toEqual([
    {
      field: ['translations', '1', 'translatableContentDigest'],
      code: 'INVALID_TRANSLATABLE_CONTENT',
    },
    { field: ['translations', '2', 'locale'], code: 'INVALID_LOCALE_FOR_SHOP' },
    { field: ['translations', '3', 'locale'], code: 'INVALID_LOCALE_FOR_SHOP' },
  ]);
  expect((await resource(productId, 'de')).translations).toEqual([]);
});

it('reads a translation outdated once the content it translates has changed', async () => {
  const { translatableContent } = await resource(productId, 'de');
  const digest = translatableContent.find((item) => item.key === 'title')!.digest;
  expect(
    (await register([{ key: 'title', locale: 'de', value: 'Becher', digest }])).userErrors,
  ).toEqual([]);

  const renamed = await fetch(
    `${emulator.url}/__emulator/shops/${SHOP}/products/${productId.split('/').pop()}`,
    {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ title: 'Renamed mug' }),
    },
  );
  expect(renamed.status).toBe(200);

  expect((await resource(productId, 'de')).translations).toEqual([
    { key: 'title', locale: 'de', value: 'Becher', outdated: true },
  ]);
});
