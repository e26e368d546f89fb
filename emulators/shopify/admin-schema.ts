/**
 * Shopify's real Admin GraphQL schema for the pinned version, as published in the npm package
 * `@shopify/dev-mcp` (`dist/data/admin_<version>.json.gz`, an introspection result). The file is
 * fetched once into `.cache/` by `scripts/fetch-admin-schema.ts` (npm checks the package's
 * integrity) and is the contract for the app's operations and for the emulator's executor.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { buildClientSchema, type GraphQLSchema, type IntrospectionQuery } from 'graphql';
import { ADMIN_API_VERSION } from '../../src/shopify/api-version.ts';

/** The published package (and version) the schema file is taken from. */
export const SCHEMA_PACKAGE = '@shopify/dev-mcp@1.16.0';

export function adminSchemaPath(version: string = ADMIN_API_VERSION): string {
  return fileURLToPath(
    new URL(`../../.cache/shopify-admin-schema/admin_${version}.json.gz`, import.meta.url),
  );
}

const cache = new Map<string, GraphQLSchema>();

/** Builds (once per process) the executable-shape schema from the introspection file. */
export function loadAdminSchema(version: string = ADMIN_API_VERSION): GraphQLSchema {
  const cached = cache.get(version);
  if (cached) return cached;
  let raw: Buffer;
  try {
    raw = readFileSync(adminSchemaPath(version));
  } catch {
    throw new Error(
      `Shopify Admin schema ${version} is missing: run \`node scripts/fetch-admin-schema.ts\` (npm test and npm run demo do it for you).`,
    );
  }
  const parsed = JSON.parse(gunzipSync(raw).toString('utf8')) as {
    data?: IntrospectionQuery;
  } & IntrospectionQuery;
  const schema = buildClientSchema(parsed.data ?? parsed);
  cache.set(version, schema);
  return schema;
}
