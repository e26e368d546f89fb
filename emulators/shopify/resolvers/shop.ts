/** `shop` and `currentAppInstallation`: who the app is talking to and what it may do. */
import { gid } from '../graphql/gid.ts';
import { field, plain, type ResolverContext, type ResolverMap } from './resolver-types.ts';

const SCOPE_DESCRIPTIONS: Record<string, string> = {
  read_products: 'Read products, variants, and collections',
  write_products: 'Modify products, variants, and collections',
  read_files: 'Read files',
  write_files: 'Modify files',
  read_pixels: 'Read web pixels',
  write_pixels: 'Modify web pixels',
  read_customer_events: 'Read customer events',
  read_locales: 'Read available locales',
  read_translations: 'Read translations',
  write_translations: 'Modify translations',
};

/** Shopify reports each `write_` scope together with the `read_` scope it implies. */
function grantedScopes(scopes: string[]): string[] {
  const granted = new Set<string>();
  for (const scope of scopes) {
    granted.add(scope);
    if (scope.startsWith('write_')) granted.add(`read_${scope.slice('write_'.length)}`);
  }
  return [...granted];
}

export const shopResolvers: ResolverMap = {
  QueryRoot: {
    shop: field((_: unknown, _args, { shop, emu }: ResolverContext) => ({
      __typename: 'Shop',
      id: gid('Shop', shop.numericId),
      name: shop.name,
      email: shop.email,
      contactEmail: shop.email,
      myshopifyDomain: shop.domain,
      url: `https://${shop.domain}`,
      currencyCode: shop.currencyCode,
      ianaTimezone: shop.ianaTimezone,
      createdAt: new Date(shop.createdAt).toISOString(),
      updatedAt: new Date(emu.clock.now()).toISOString(),
    })),
    currentAppInstallation: field((_: unknown, _args, { shop }: ResolverContext) => ({
      __typename: 'AppInstallation',
      id: gid('AppInstallation', shop.numericId),
      accessScopes: grantedScopes(shop.scopes).map((handle) => ({
        __typename: 'AccessScope',
        handle,
        description: SCOPE_DESCRIPTIONS[handle] ?? handle,
      })),
    })),
  },
  Shop: plain(
    'id',
    'name',
    'email',
    'contactEmail',
    'myshopifyDomain',
    'url',
    'currencyCode',
    'ianaTimezone',
    'createdAt',
    'updatedAt',
  ),
  AppInstallation: plain('id', 'accessScopes'),
  AccessScope: plain('handle', 'description'),
};
