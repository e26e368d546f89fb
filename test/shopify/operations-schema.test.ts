/**
 * Every Admin operation the app sends is valid on Shopify's real schema for the pinned version
 * (from @shopify/dev-mcp's introspection file) and uses nothing deprecated there.
 */
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'graphql';
import { loadAdminSchema } from '../../emulators/shopify/admin-schema.ts';
import * as operationsIndex from '../../src/shopify/operations/index.ts';
import { checkDocument } from './support/schema-check.ts';

const schema = loadAdminSchema();
const operationsDir = fileURLToPath(new URL('../../src/shopify/operations/', import.meta.url));
const operationFiles = readdirSync(operationsDir).filter(
  (name) => name.endsWith('.ts') && name !== 'index.ts',
);
const fileModules = await Promise.all(
  operationFiles.map(
    async (name) =>
      [
        name,
        (await import(new URL(name, `file://${operationsDir}`).href)) as Record<string, unknown>,
      ] as const,
  ),
);
const exported = fileModules.flatMap(([file, exports]) =>
  Object.entries(exports).map(([exportName, document]) => ({
    file,
    exportName,
    document: String(document),
  })),
);
// Fragment-only exports are building blocks interpolated into operations, and are validated
// there; everything else is an operation document.
const isFragmentOnly = (document: string) =>
  parse(document).definitions.every((definition) => definition.kind === 'FragmentDefinition');
const documents = exported.filter(({ document }) => !isFragmentOnly(document));
const fragments = exported.filter(({ document }) => isFragmentOnly(document));

describe('Admin operations', () => {
  it('are all listed in the operations index', () => {
    const listed = new Set<string>(Object.values(operationsIndex));
    const missing = exported.filter(({ document }) => !listed.has(document));
    expect(missing.map(({ file, exportName }) => `${file}: ${exportName}`)).toEqual([]);
  });

  it.each(documents)('$file exports $exportName as one named operation', ({ document }) => {
    const operations = parse(document).definitions.filter(
      (definition) => definition.kind === 'OperationDefinition',
    );
    expect(operations).toHaveLength(1);
    expect(operations[0]).toHaveProperty('name.value');
  });

  it.each(documents)(
    '$exportName is valid on the pinned schema and uses nothing deprecated',
    ({ document }) => {
      expect(checkDocument(schema, document)).toEqual({ errors: [], deprecations: [] });
    },
  );

  if (fragments.length > 0)
    it.each(fragments)(
      'fragment $exportName is used by an operation (which validates it)',
      ({ document }) => {
        expect(documents.some((operation) => operation.document.includes(document))).toBe(true);
      },
    );
});

describe('the schema check itself', () => {
  it('reports the deprecated productCreateMedia mutation', () => {
    const result = checkDocument(
      schema,
      /* GraphQL */ `
        mutation AddMedia($productId: ID!, $media: [CreateMediaInput!]!) {
          productCreateMedia(productId: $productId, media: $media) {
            media {
              id
            }
            mediaUserErrors {
              message
            }
          }
        }
      `,
    );
    expect(result.errors).toEqual([]);
    expect(result.deprecations).toContainEqual(
      expect.stringMatching(/^field Mutation\.productCreateMedia: /),
    );
  });

  it('reports a deprecated argument', () => {
    const result = checkDocument(
      schema,
      /* GraphQL */ `
        mutation Rename($input: ProductInput!) {
          productUpdate(input: $input) {
            product {
              id
            }
          }
        }
      `,
    );
    expect(result.deprecations).toEqual([
      expect.stringMatching(/^argument productUpdate\(input\): /),
    ]);
  });

  it('reports deprecated enum values and input fields written in the document', () => {
    const result = checkDocument(
      schema,
      /* GraphQL */ `
        mutation Stage {
          stagedUploadsCreate(
            input: [{ resource: PRODUCT_IMAGE, filename: "a.png", mimeType: "image/png" }]
          ) {
            stagedTargets {
              url
            }
          }
          productSet(input: { id: "gid://shopify/Product/1", title: "T" }) {
            product {
              id
            }
          }
        }
      `,
    );
    expect(result.errors).toEqual([]);
    expect(result.deprecations).toEqual([
      expect.stringMatching(
        /^enum value StagedUploadTargetGenerateUploadResource\.PRODUCT_IMAGE: /,
      ),
      expect.stringMatching(/^input field ProductSetInput\.id: /),
    ]);
  });

  it('reports fields unknown to the schema', () => {
    const result = checkDocument(schema, 'query Nope { shop { noSuchField } }');
    expect(result.errors).toEqual([expect.stringContaining('noSuchField')]);
  });
});
