/**
 * The one Admin API version the app speaks. Every GraphQL document under
 * `src/shopify/operations/` is validated against this version's schema in the tests, the
 * webhook subscriptions in `shopify.app.toml` use it too, and the Shopify emulator serves it.
 * It is the newest version `@shopify/shopify-api` knows (test/shopify/api-version.test.ts).
 */
export const ADMIN_API_VERSION = '2026-10';
