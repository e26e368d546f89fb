// Fetches Shopify's Admin GraphQL introspection for the pinned API version out of the published
// npm package `@shopify/dev-mcp` into .cache/ (once). The package itself is not a dependency:
// it drags in the Shopify CLI, Hydrogen and an older Vite, and we need one file of it.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { ADMIN_API_VERSION } from '../src/shopify/api-version.ts';
import { adminSchemaPath, SCHEMA_PACKAGE } from '../emulators/shopify/admin-schema.ts';

const target = adminSchemaPath(ADMIN_API_VERSION);
if (!existsSync(target)) {
  const work = mkdtempSync(join(tmpdir(), 'admin-schema-'));
  try {
    const tarball = execFileSync(
      'npm',
      ['pack', SCHEMA_PACKAGE, '--pack-destination', work, '--silent'],
      {
        encoding: 'utf8',
      },
    )
      .trim()
      .split('\n')
      .pop()!;
    const member = `package/dist/data/admin_${ADMIN_API_VERSION}.json.gz`;
    execFileSync('tar', ['-xzf', join(work, tarball), '-C', work, member]);
    mkdirSync(dirname(target), { recursive: true });
    renameSync(join(work, member), target);
    console.log(`fetched ${member} from ${SCHEMA_PACKAGE}`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
