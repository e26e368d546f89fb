/**
 * Only the processes' entry points read the environment: they hand it to the configuration
 * (src/app/config.ts), which reads every room's settings in one pass, validated once; anything
 * in src/ that read `process.env` itself would escape that validation, the one error at boot and
 * docs/operations.md's table. web/frontend/build.ts only hands its environment to the build it
 * starts.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { expect, test } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');

const MAY_READ = ['web/server/main.ts', 'web/worker/main.ts', 'web/frontend/build.ts'];

function sources(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { recursive: true, encoding: 'utf8' })
    .filter(
      (path) => /\.tsx?$/.test(path) && !/\.d\.ts$/.test(path) && !path.includes('node_modules'),
    )
    .map((path) => join(folder, path));
}

/** Whether the file's code (not its comments) mentions `process.env`. */
function readsProcessEnv(path: string): boolean {
  const text = readFileSync(join(ROOT, path), 'utf8');
  // Parsed only when the words are there: parsing every file of src/ and web/ takes seconds.
  if (!/\bprocess\b/.test(text)) return false;
  const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
  let found = false;
  const visit = (node: ts.Node) => {
    if (
      ts.isPropertyAccessExpression(node) &&
      node.name.text === 'env' &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === 'process'
    )
      found = true;
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

test('no file in src/ or web/ reads process.env but the entry points', () => {
  const readers = ['src', 'web'].flatMap(sources).filter(readsProcessEnv);
  expect(readers.sort()).toEqual([...MAY_READ].sort());
});
