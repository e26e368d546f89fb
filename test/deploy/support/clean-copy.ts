/**
 * A clean copy of the repository: the files git knows (committed, or new and not ignored), none
 * of the dependencies, builds or caches of this checkout. What a fresh clone or a Docker build
 * context holds.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO = fileURLToPath(new URL('../../..', import.meta.url));

export function cleanCopy(label: string): string {
  const into = mkdtempSync(join(tmpdir(), `${label}-`));
  const files = execFileSync(
    'git',
    ['ls-files', '-z', '--cached', '--others', '--exclude-standard'],
    {
      cwd: REPO,
      encoding: 'utf8',
    },
  )
    .split('\0')
    .filter((file) => file && existsSync(join(REPO, file)));
  for (const file of files) cpSync(join(REPO, file), join(into, file));
  return into;
}
