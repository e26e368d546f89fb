/**
 * The production dependencies (what the image's `npm ci --omit=dev` installs) are exactly the
 * packages the sources the image copies import: one missing fails the server or the worker in
 * production only, one more is weight in every image. The app home's packages (React,
 * Polaris, App Bridge React) are bundled by Vite at build and the emulators' (busboy) never
 * ship: both are development dependencies.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { REPO } from './support/clean-copy.ts';
import { imageSourceFiles } from './support/image-sources.ts';

const read = (path: string) => readFileSync(join(REPO, path), 'utf8');

/** Whether an import declaration is erased by type stripping (`import type`, or only types). */
function typeOnly(node: ts.ImportDeclaration | ts.ExportDeclaration): boolean {
  if (ts.isExportDeclaration(node)) return node.isTypeOnly;
  const clause = node.importClause;
  if (!clause) return false;
  if (clause.isTypeOnly) return true;
  const bindings = clause.namedBindings;
  return (
    !clause.name &&
    bindings !== undefined &&
    ts.isNamedImports(bindings) &&
    bindings.elements.length > 0 &&
    bindings.elements.every((element) => element.isTypeOnly)
  );
}

/** `import()`, `require()`, `createRequire(…)()`, `require.resolve()`, `import.meta.resolve()`. */
function isLoadingCall(node: ts.CallExpression): boolean {
  const callee = node.expression;
  if (callee.kind === ts.SyntaxKind.ImportKeyword) return true;
  if (ts.isIdentifier(callee)) return callee.text === 'require';
  if (ts.isCallExpression(callee))
    return ts.isIdentifier(callee.expression) && callee.expression.text === 'createRequire';
  return ts.isPropertyAccessExpression(callee) && callee.name.text === 'resolve';
}

/** The npm package of each bare specifier the file loads at run time. */
function packagesImportedBy(path: string): string[] {
  const file = ts.createSourceFile(path, read(path), ts.ScriptTarget.Latest, true);
  const specifiers: string[] = [];
  const visit = (node: ts.Node) => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier) &&
      !typeOnly(node)
    )
      specifiers.push(node.moduleSpecifier.text);
    if (ts.isCallExpression(node) && isLoadingCall(node)) {
      const [first] = node.arguments;
      if (first && ts.isStringLiteralLike(first)) specifiers.push(first.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return specifiers
    .filter((specifier) => !specifier.startsWith('.') && !/^(node:|\/)/.test(specifier))
    .map((specifier) =>
      specifier
        .split('/')
        .slice(0, specifier.startsWith('@') ? 2 : 1)
        .join('/'),
    );
}

describe('the production dependencies', () => {
  it('are exactly the packages the image’s sources import', () => {
    const sources = imageSourceFiles();
    expect(sources).toContain('web/server/main.ts');
    const imported = [...new Set(sources.flatMap(packagesImportedBy))];
    const { dependencies } = JSON.parse(read('package.json')) as {
      dependencies: Record<string, string>;
    };
    expect(Object.keys(dependencies).sort()).toEqual(imported.sort());
  });
});
