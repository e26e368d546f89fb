/** The Admin GraphQL client against the Shopify emulator (real schema, cost, faults). */
import { beforeEach, describe, expect, it } from 'vitest';
import { FILE_UPDATE, ShopQuery } from '../../src/shopify/operations/index.ts';
import {
  AdminGraphqlError,
  AdminHttpError,
  ShopifyUserErrors,
} from '../../src/shopify/admin-errors.ts';
import { collectUserErrors } from '../../src/shopify/admin-client.ts';
import { requestTestDocument } from '../support/test-documents.ts';
import { startShopifyStack } from './support/shopify-stack.ts';

const stack = await startShopifyStack();

async function clientForNewShop() {
  const { shop, sessionToken } = stack.newShop();
  await stack.tokens.ensure(shop, sessionToken());
  return stack.admin.forShop(shop);
}

const throttledCount = () =>
  stack.graphqlResponses.filter(({ body }) =>
    body.errors?.some((error) => error.extensions?.code === 'THROTTLED'),
  ).length;

beforeEach(async () => {
  await stack.shopifyControl('POST', '/faults', { clear: true });
});

describe('Admin GraphQL client', () => {
  it('runs a named operation for the shop with its offline token', async () => {
    const admin = await clientForNewShop();
    const data = await admin.request(ShopQuery);
    expect(data.shop.myshopifyDomain).toBe(admin.shop);
  });

  it('retries an operation Shopify answered THROTTLED', async () => {
    const admin = await clientForNewShop();
    const before = throttledCount();
    await stack.shopifyControl('POST', '/faults', { throttleNext: 2 });
    const data = await admin.request(ShopQuery);
    expect(data.shop.myshopifyDomain).toBe(admin.shop);
    expect(throttledCount() - before).toBe(2);
  });

  it('retries a query after a 5xx', async () => {
    const admin = await clientForNewShop();
    await stack.shopifyControl('POST', '/faults', { serverErrorNext: 2, serverErrorStatus: 503 });
    await expect(admin.request(ShopQuery)).resolves.toBeDefined();
  });

  it('does not retry a mutation after a 5xx: it may have run', async () => {
    const admin = await clientForNewShop();
    await stack.shopifyControl('POST', '/faults', { serverErrorNext: 1, serverErrorStatus: 500 });
    const error = await admin
      .request(FILE_UPDATE, { files: [{ id: 'gid://shopify/MediaImage/1', alt: 'x' }] })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AdminHttpError);
    expect((error as AdminHttpError).status).toBe(500);
  });

  it('turns top-level errors into AdminGraphqlError', async () => {
    const admin = await clientForNewShop();
    const error = await requestTestDocument(admin, 'query Broken { shop { noSuchField } }').catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(AdminGraphqlError);
    expect((error as AdminGraphqlError).errors[0]?.message).toContain('noSuchField');
  });

  it('turns userErrors into ShopifyUserErrors', async () => {
    const admin = await clientForNewShop();
    const error = await admin
      .request(FILE_UPDATE, { files: [{ id: 'gid://shopify/MediaImage/999999999', alt: 'x' }] })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ShopifyUserErrors);
    expect((error as ShopifyUserErrors).operationName).toBe('FileUpdate');
    expect((error as ShopifyUserErrors).userErrors).toEqual([
      expect.objectContaining({ message: expect.any(String) }),
    ]);
  });

  it('refuses a document without a named operation', async () => {
    const admin = await clientForNewShop();
    await expect(requestTestDocument(admin, '{ shop { id } }')).rejects.toThrow(
      'exactly one named operation',
    );
  });
});

describe('userErrors detection', () => {
  it('finds userErrors in any payload, however nested', () => {
    const error = { field: ['id'], message: 'Not found' };
    expect(
      collectUserErrors({ a: { userErrors: [] }, b: [{ c: { userErrors: [error] } }] }),
    ).toEqual([error]);
    expect(collectUserErrors(null)).toEqual([]);
  });
});
