/**
 * Every Admin GraphQL document the app sends: one file per concern, each export one named
 * operation (or a fragment that operations interpolate). A new file is added here with one `export *` line; the schema test
 * (test/shopify/operations-schema.test.ts) checks that every file in this folder is listed,
 * validates each document against Shopify's schema for the pinned version and rejects
 * deprecated fields, arguments and enum values.
 */
export * from './shop.ts';
export * from './products-fragments.ts';
export * from './products.ts';
export * from './collections.ts';
export * from './files.ts';
export * from './media.ts';
export * from './staged-uploads.ts';
export * from './product-rules.ts';
export * from './flow.ts';
export * from './metaobjects.ts';
export * from './variants.ts';
export * from './metafields.ts';
export * from './web-pixels.ts';
export * from './translations.ts';
