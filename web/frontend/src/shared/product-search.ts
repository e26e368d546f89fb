// The product search's query in Shopify's syntax, shared with the server as is.
export * from '../../../../src/app-api/product-search.ts';
