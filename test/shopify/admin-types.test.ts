/**
 * The Admin operations' types are generated (codegen.ts, scripts/admin-codegen.ts) from the
 * documents under src/shopify/operations/ and the pinned schema: the committed ones are what the
 * documents give, a document changed without regenerating is caught, and a call is typed by the
 * document it sends.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, expectTypeOf, it } from 'vitest';
import { adminCodegen, DOCUMENT_TYPES } from '../../scripts/admin-codegen.ts';
import { ROOT } from '../../scripts/long-files.ts';
import type { AdminResult, AdminVariables } from '../../src/shopify/admin-operations.ts';
import type { PRODUCT_HANDLE } from '../../src/shopify/operations/products.ts';

const OPERATIONS = 'src/shopify/operations';
const copies: string[] = [];
afterAll(() => copies.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** The documents and their committed types, in a folder of their own. */
function copyOfDocuments(): string {
  const dir = mkdtempSync(join(tmpdir(), 'admin-codegen-'));
  copies.push(dir);
  cpSync(join(ROOT, OPERATIONS), join(dir, OPERATIONS), { recursive: true });
  mkdirSync(join(dir, 'src/shopify/generated'), { recursive: true });
  cpSync(join(ROOT, DOCUMENT_TYPES), join(dir, DOCUMENT_TYPES));
  return dir;
}

describe('the generated Admin operation types', () => {
  it('are, as committed, what the documents and the pinned schema give', async () => {
    const { stale } = await adminCodegen({ check: true, cwd: copyOfDocuments() });
    expect(stale).toEqual([]);
  });

  it('are reported stale when a document changed without regenerating, and left as they were', async () => {
    const dir = copyOfDocuments();
    const products = join(dir, OPERATIONS, 'products.ts');
    writeFileSync(
      products,
      readFileSync(products, 'utf8').replace(
        /(query ProductHandle[^{]*\{\s*product\(id: \$id\) \{)/,
        '$1\n      vendor',
      ),
    );
    const committed = readFileSync(join(dir, DOCUMENT_TYPES), 'utf8');

    const { stale } = await adminCodegen({ check: true, cwd: dir });

    expect(stale).toEqual([DOCUMENT_TYPES]);
    expect(readFileSync(join(dir, DOCUMENT_TYPES), 'utf8')).toBe(committed);
  });

  it('type a call by its document: the variables it declares, the result it selects', () => {
    expectTypeOf<AdminVariables<typeof PRODUCT_HANDLE>>().toEqualTypeOf<{ id: string }>();
    expectTypeOf<AdminResult<typeof PRODUCT_HANDLE>>().toEqualTypeOf<{
      product: { handle: string } | null;
    }>();
  });
});
