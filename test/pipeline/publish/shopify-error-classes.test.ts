/**
 * Which failures of Shopify the save stages wait out and which fail the result at once
 * (src/pipeline/publish/shopify-outage.ts `classifyShopifyError`).
 */
import { describe, expect, it } from 'vitest';
import {
  AdminGraphqlError,
  AdminHttpError,
  AdminNetworkError,
  AdminRetriesExhaustedError,
  ShopifyUserErrors,
} from '../../../src/shopify/admin-errors.ts';
import { ShopifyFilesError } from '../../../src/pipeline/publish/shopify-files.ts';
import { classifyShopifyError } from '../../../src/pipeline/publish/shopify-outage.ts';

const SHOP = 'outage.myshopify.com';

describe('a Shopify failure while saving', () => {
  it.each([
    ['a 502 on a mutation', new AdminHttpError(SHOP, 'fileCreate', 502, 'Bad Gateway')],
    ['a 429', new AdminHttpError(SHOP, 'fileCreate', 429, '')],
    [
      'a connection reset on a mutation',
      new AdminNetworkError(SHOP, 'fileCreate', new Error('ECONNRESET')),
    ],
    [
      'a query still failing after the client’s retries',
      new AdminRetriesExhaustedError(SHOP, 'fileStatus', 6, new Error('HTTP 503')),
    ],
    [
      'THROTTLED',
      new AdminGraphqlError(SHOP, 'fileCreate', [
        { message: 'Throttled', extensions: { code: 'THROTTLED' } },
      ]),
    ],
    [
      'an interrupted staged upload',
      new ShopifyFilesError('The upload to Shopify was interrupted', 'staged_upload'),
    ],
    [
      'a staged upload answered 503',
      new ShopifyFilesError('The upload to Shopify answered 503', 'staged_upload', {
        httpStatus: 503,
      }),
    ],
  ])('is waited out: %s', (_name, error) => {
    expect(classifyShopifyError(error)).toEqual({ kind: 'transient' });
  });

  it.each([
    ['a 4xx', new AdminHttpError(SHOP, 'fileCreate', 403, 'Forbidden')],
    [
      'a userError',
      new ShopifyUserErrors(
        SHOP,
        'productUpdate',
        [{ field: ['media'], message: 'Product does not exist' }],
        {},
      ),
    ],
    [
      'a GraphQL error that is not a throttle',
      new AdminGraphqlError(SHOP, 'fileCreate', [
        { message: 'Access denied', extensions: { code: 'ACCESS_DENIED' } },
      ]),
    ],
    [
      'a refused file',
      new ShopifyFilesError('Shopify refused to create the file: too big', 'user_error'),
    ],
    [
      'a staged upload answered 400',
      new ShopifyFilesError('The upload to Shopify answered 400', 'staged_upload', {
        httpStatus: 400,
      }),
    ],
  ])('fails the result at once with the reason: %s', (_name, error) => {
    const failure = classifyShopifyError(error);
    expect(failure?.kind).toBe('permanent');
    expect(failure && 'reason' in failure ? failure.reason : '').toMatch(/Shopify|upload/);
  });

  it('is not taken for Shopify’s when it is not (Redis, the result’s download)', () => {
    expect(
      classifyShopifyError(new Error('READONLY You can’t write against a read only replica')),
    ).toBeNull();
  });
});
