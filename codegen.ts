/**
 * graphql-codegen (`npm run codegen`): the variables and result types of every Admin document
 * under src/shopify/operations/, generated with Shopify's preset (@shopify/api-codegen-preset)
 * from the pinned Admin schema in .cache/ (scripts/fetch-admin-schema.ts), with no network.
 *
 * - src/shopify/generated/admin.types.d.ts: the schema's types (the pinned version's alone).
 * - src/shopify/generated/admin.generated.d.ts: each document's types, keyed by its exact text,
 *   extending the interfaces of src/shopify/admin-operations.ts (the preset's `module`), so the
 *   Admin client types a call by the document it is given.
 *
 * `npm run codegen` (scripts/admin-codegen.ts) writes both; the test setup writes the schema's
 * types (not committed) and fails when the documents' types (committed) are stale.
 */
import { fileURLToPath } from 'node:url';
import type { CodegenConfig } from '@graphql-codegen/cli';
import { ApiType, pluckConfig, preset } from '@shopify/api-codegen-preset';

const OUT = 'src/shopify/generated';

// The schema's custom scalars as they travel in JSON. The preset's default for a scalar it does
// not know is `unknown`; these are strings on the wire (Shopify's reference, scalars).
const STRING_SCALARS = [
  'ARN',
  'BigInt',
  'Color',
  'Date',
  'DateTime',
  'Decimal',
  'FormattedString',
  'HTML',
  'Money',
  'StorefrontID',
  'URL',
  'UnsignedInt64',
  'UtcOffset',
];
const scalars = Object.fromEntries(STRING_SCALARS.map((name) => [name, 'string']));

const config: CodegenConfig = {
  overwrite: true,
  // The pinned version's introspection, as the emulator and the schema test read it (an absolute
  // path: scripts/admin-codegen.ts may run this config in another folder).
  schema: {
    'admin-schema': {
      loader: fileURLToPath(new URL('./scripts/admin-schema-loader.ts', import.meta.url)),
    },
  },
  documents: ['src/shopify/operations/*.ts'],
  // Shopify's hooks (the `#graphql` tag, `${FRAGMENT}` kept in the text); codegen's type
  // lists only graphql-tag-pluck's plain options.
  pluckConfig: pluckConfig as CodegenConfig['pluckConfig'],
  // Every field a document selects is in Shopify's answer (null when it has no value), never
  // left out: `x: T | null`, not `x?: T | null`. Variables stay optional where they may be null.
  config: { scalars, avoidOptionals: { field: true } },
  generates: {
    [`${OUT}/admin.types.d.ts`]: {
      plugins: ['typescript'],
      // Type aliases, not enums: the generated files hold types only, and a string literal
      // (`'RAISE_ERROR'`) is then a valid enum value.
      config: { enumsAsTypes: true, useTypeImports: true, defaultScalarType: 'unknown' },
    },
    [`${OUT}/admin.generated.d.ts`]: {
      preset,
      presetConfig: { apiType: ApiType.Admin, module: '../admin-operations.ts' },
    },
  },
};

export default config;
