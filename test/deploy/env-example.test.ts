/**
 * .env.example lists exactly the environment variables the app's code reads (the sources the
 * image copies: the server, the worker, their healthcheck and src/), read from the sources with the
 * TypeScript compiler: a variable added to the configuration without a line there, or a line
 * left behind by a removed one, fails here.
 *
 * The code reads a variable in one of three ways, all through an object named `env` (the
 * configuration's parameter) or `process.env`:
 *  - directly: `env.NAME`, `env['NAME']`, `process.env.NAME`;
 *  - through a zod schema parsed from it: the SCREAMING_CASE keys of a `z.object({...})`;
 *  - through a local reader, a function whose body indexes `env` with its own parameter
 *    (`const number = (name) => env[name]...`): the string literals it is called with.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { REPO } from './support/clean-copy.ts';
import { imageSourceFiles } from './support/image-sources.ts';

const VARIABLE = /^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$/;

/** `env` or `process.env`. */
function isEnv(node: ts.Expression): boolean {
  if (ts.isIdentifier(node)) return node.text === 'env';
  return (
    ts.isPropertyAccessExpression(node) &&
    node.name.text === 'env' &&
    ts.isIdentifier(node.expression) &&
    node.expression.text === 'process'
  );
}

function literalName(node: ts.Node | undefined): string | undefined {
  return node && ts.isStringLiteralLike(node) ? node.text : undefined;
}

function isZodObjectCall(node: ts.Node): node is ts.CallExpression {
  return (
    ts.isCallExpression(node) &&
    ts.isPropertyAccessExpression(node.expression) &&
    node.expression.name.text === 'object' &&
    ts.isIdentifier(node.expression.expression) &&
    node.expression.expression.text === 'z'
  );
}

/** Names of the file's functions that read `env[parameter]`. */
function envReaders(file: ts.SourceFile): Set<string> {
  const readers = new Set<string>();
  const visit = (node: ts.Node) => {
    if (
      ts.isVariableDeclaration(node) &&
      ts.isIdentifier(node.name) &&
      node.initializer &&
      (ts.isArrowFunction(node.initializer) || ts.isFunctionExpression(node.initializer))
    ) {
      if (indexesEnvWithParameter(node.initializer)) readers.add(node.name.text);
    } else if (ts.isFunctionDeclaration(node) && node.name && indexesEnvWithParameter(node)) {
      readers.add(node.name.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return readers;
}

function indexesEnvWithParameter(fn: ts.SignatureDeclaration & { body?: ts.Node }): boolean {
  const parameters = new Set(
    fn.parameters.flatMap((p) => (ts.isIdentifier(p.name) ? [p.name.text] : [])),
  );
  let found = false;
  const visit = (node: ts.Node) => {
    if (
      ts.isElementAccessExpression(node) &&
      isEnv(node.expression) &&
      ts.isIdentifier(node.argumentExpression) &&
      parameters.has(node.argumentExpression.text)
    )
      found = true;
    ts.forEachChild(node, visit);
  };
  if (fn.body) visit(fn.body);
  return found;
}

function variablesReadBy(path: string): string[] {
  const file = ts.createSourceFile(
    path,
    readFileSync(join(REPO, path), 'utf8'),
    ts.ScriptTarget.Latest,
    true,
  );
  const readers = envReaders(file);
  const names: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isPropertyAccessExpression(node) && isEnv(node.expression)) names.push(node.name.text);
    if (ts.isElementAccessExpression(node) && isEnv(node.expression)) {
      const name = literalName(node.argumentExpression);
      if (name) names.push(name);
    }
    if (isZodObjectCall(node)) {
      const shape = node.arguments[0];
      if (shape && ts.isObjectLiteralExpression(shape))
        for (const property of shape.properties) {
          const name = property.name && ts.isIdentifier(property.name) ? property.name.text : '';
          if (VARIABLE.test(name)) names.push(name);
        }
    }
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression)) {
      const name = readers.has(node.expression.text) ? literalName(node.arguments[0]) : undefined;
      if (name) names.push(name);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return names.filter((name) => VARIABLE.test(name));
}

/** Read by the code the image runs (the server, the worker, their healthcheck, src/). */
function variablesInCode(): string[] {
  return [...new Set(imageSourceFiles().flatMap(variablesReadBy))].sort();
}

/** `NAME=` lines (comments and blank lines aside). */
function variablesInExample(): string[] {
  return readFileSync(join(REPO, '.env.example'), 'utf8')
    .split('\n')
    .flatMap((line) => /^([A-Za-z_][A-Za-z0-9_]*)=/.exec(line)?.slice(1, 2) ?? []);
}

describe('.env.example', () => {
  const inCode = variablesInCode();

  it('lists exactly the variables the code reads, each once', () => {
    const listed = variablesInExample();
    expect(listed.length, 'a variable listed twice').toBe(new Set(listed).size);
    expect([...listed].sort()).toEqual(inCode);
  });

  it('finds the configuration’s variables in the sources (the scan itself works)', () => {
    // One of each way of reading: a schema key, a local reader's argument, a direct read.
    for (const name of [
      'SHOPIFY_API_KEY',
      'API_RATE_LIMIT_BURST',
      'PIPELINE_RATE_LIMIT',
      'REDIS_DURABILITY',
    ])
      expect(inCode).toContain(name);
    expect(inCode.length).toBeGreaterThan(40);
  });

  it('gives each variable a comment saying what it is', () => {
    const lines = readFileSync(join(REPO, '.env.example'), 'utf8').split('\n');
    lines.forEach((line, index) => {
      if (/^[A-Z_0-9]+=/.test(line)) expect(lines[index - 1], line).toMatch(/^# /);
    });
  });

  it('is not hidden from git by .gitignore (which hides .env and .env.*)', () => {
    const check = spawnSync('git', ['check-ignore', '--no-index', '.env.example', '.env.local'], {
      cwd: REPO,
      encoding: 'utf8',
    });
    expect(check.stdout.trim().split('\n')).toEqual(['.env.local']);
  });
});
