/**
 * Product metafields as the app's experiments write them: `metafieldsSet` creates and then
 * replaces one by owner, namespace and key, `Product.metafield` reads it back, `metafieldsDelete`
 * takes it off (null in the place of one already gone); an unparsable JSON value or an unknown
 * owner is refused and nothing is written.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ShopifyEmulator } from '../../../emulators/shopify/index.ts';
import { exchangeToken, graphql, startTestEmulator } from './support/emulator.ts';

const SET = `mutation Set($metafields: [MetafieldsSetInput!]!) {
  metafieldsSet(metafields: $metafields) { metafields { id value } userErrors { field code } }
}`;
const DELETE = `mutation Delete($metafields: [MetafieldIdentifierInput!]!) {
  metafieldsDelete(metafields: $metafields) { deletedMetafields { key } userErrors { message } }
}`;
const READ = `query Read($id: ID!) {
  product(id: $id) { metafield(namespace: "$app:experiments", key: "live") { type value } }
}`;

let emulator: ShopifyEmulator;
let token: string;
let PRODUCT: string;
const live = (value: string, ownerId = PRODUCT) => ({
  ownerId,
  namespace: '$app:experiments',
  key: 'live',
  type: 'json',
  value,
});

beforeAll(async () => {
  emulator = await startTestEmulator();
  token = (await exchangeToken(emulator)).access_token;
  const first = await graphql<{ products: { nodes: { id: string }[] } }>(
    emulator,
    token,
    'query First { products(first: 1) { nodes { id } } }',
  );
  PRODUCT = first.data!.products.nodes[0]!.id;
});
afterAll(() => emulator.close());

interface SetAnswer {
  metafieldsSet: { metafields: { id: string; value: string }[] | null; userErrors: unknown[] };
}
const read = async () =>
  (await graphql<{ product: { metafield: unknown } }>(emulator, token, READ, { id: PRODUCT })).data!
    .product.metafield;

it('sets, replaces, reads and deletes a product metafield', async () => {
  const first = await graphql<SetAnswer>(emulator, token, SET, { metafields: [live('{"v":1}')] });
  const second = await graphql<SetAnswer>(emulator, token, SET, { metafields: [live('{"v":2}')] });
  expect(second.data!.metafieldsSet.metafields![0]!.id).toBe(
    first.data!.metafieldsSet.metafields![0]!.id,
  );
  expect(await read()).toEqual({ type: 'json', value: '{"v":2}' });

  const identifier = { ownerId: PRODUCT, namespace: '$app:experiments', key: 'live' };
  const deleted = await graphql<{ metafieldsDelete: { deletedMetafields: unknown[] } }>(
    emulator,
    token,
    DELETE,
    { metafields: [identifier] },
  );
  expect(deleted.data!.metafieldsDelete.deletedMetafields).toEqual([{ key: 'live' }]);
  expect(await read()).toBeNull();
  const again = await graphql<{ metafieldsDelete: { deletedMetafields: unknown[] } }>(
    emulator,
    token,
    DELETE,
    { metafields: [identifier] },
  );
  expect(again.data!.metafieldsDelete.deletedMetafields).toEqual([null]);
});

it('refuses invalid JSON and an unknown owner, writing nothing', async () => {
  const answer = await graphql<SetAnswer>(emulator, token, SET, {
    metafields: [live('{"v":3}'), live('{not json'), live('{}', 'gid://shopify/Product/999999')],
  });
  expect(answer.data!.metafieldsSet).toEqual({
    metafields: null,
    userErrors: [
      { field: ['metafields', '1', 'value'], code: 'INVALID_VALUE' },
      { field: ['metafields', '2', 'ownerId'], code: 'INVALID' },
    ],
  });
  expect(await read()).toBeNull();
});
