// The Admin operations' types (codegen.ts), generated with graphql-codegen from the pinned schema:
//   node scripts/admin-codegen.ts          writes both files (`npm run codegen`)
//   node scripts/admin-codegen.ts --check  writes the schema's types and fails when the
//                                          documents' types, committed, are not what the
//                                          documents and the schema give (the test setup runs it)
// The schema's types (4 MB, the pinned version's alone) are written by every setup and not
// committed; the documents' types are committed, so a change to a document shows its types'
// change in review, and a document changed without them fails here before any test runs.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { generate } from '@graphql-codegen/cli';
import config from '../codegen.ts';
import { ROOT } from './long-files.ts';

export const DOCUMENT_TYPES = 'src/shopify/generated/admin.generated.d.ts';

export interface CodegenResult {
  /** Files written (their content had changed or they were missing). */
  written: string[];
  /** Committed files that differ from what the documents give (check mode only). */
  stale: string[];
}

/** Generates both files; in check mode the documents' types are compared, not written. */
export async function adminCodegen(
  options: { check: boolean; cwd?: string } = { check: false },
): Promise<CodegenResult> {
  const cwd = options.cwd ?? ROOT;
  const outputs = await generate({ ...config, cwd, silent: true, verbose: false }, false);
  const result: CodegenResult = { written: [], stale: [] };
  for (const { filename, content } of outputs) {
    const path = relative(cwd, join(cwd, filename));
    const file = join(cwd, path);
    const current = existsSync(file) ? readFileSync(file, 'utf8') : null;
    if (current === content) continue;
    if (options.check && path === DOCUMENT_TYPES) result.stale.push(path);
    else {
      writeFileSync(file, content);
      result.written.push(path);
    }
  }
  return result;
}

if (import.meta.main) {
  const check = process.argv.includes('--check');
  const { written, stale } = await adminCodegen({ check });
  for (const path of written) console.log(`codegen: wrote ${path}`);
  if (stale.length > 0) {
    console.error(
      `codegen: ${stale.join(', ')} is stale: a document under src/shopify/operations/ (or the pinned Admin API version) changed without regenerating its types. Run \`npm run codegen\` and commit the result.`,
    );
    process.exit(1);
  }
}
