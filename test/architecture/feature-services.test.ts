/**
 * One word, one meaning: a "service" is a feature's, and each feature has exactly one. Every
 * folder of src/features/ exports one `<Feature>Service`, from its `service.ts`, named after the
 * folder (`bulk-runs/` -> `BulkRunsService`), and nothing else in src/ exports a type called
 * `…Service`. The list in src/features/index.ts (`Features`) is the one source of the features'
 * names: one entry per folder, `<feature>: <Feature>Service`, reached as `app.features.<feature>`,
 * and a feature's engine is `app.engines.<feature>`, never a second `app.<feature>`;
 * `app.services`/`deps.services` are gone, and no code brings them back.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');
const FEATURES = join(ROOT, 'src/features');

function sources(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { recursive: true, encoding: 'utf8' })
    .filter(
      (path) =>
        /\.tsx?$/.test(path) &&
        !/\.d\.ts$/.test(path) &&
        !path.includes('node_modules') &&
        !path.includes('generated'),
    )
    .map((path) => join(folder, path));
}

const featureFolders = readdirSync(FEATURES)
  .filter((name) => statSync(join(FEATURES, name)).isDirectory())
  .sort();

const pascal = (folder: string) =>
  folder.replace(/(^|-)([a-z])/g, (_all, _dash: string, letter: string) => letter.toUpperCase());
const camel = (folder: string) =>
  folder.replace(/-([a-z])/g, (_all, letter: string) => letter.toUpperCase());

/** `path -> the …Service type names it declares and exports (not its re-exports)`. */
function exportedServices(path: string): string[] {
  const text = readFileSync(join(ROOT, path), 'utf8');
  return [
    ...text.matchAll(/^export\s+(?:interface|type|class|abstract\s+class)\s+(\w*Service)\b/gm),
  ].map((match) => match[1]!);
}

test('each feature folder exports exactly one <Feature>Service, from its service.ts, and nothing else in src/ is a …Service', () => {
  const declared = sources('src').flatMap((path) =>
    exportedServices(path).map((name) => `${path}: ${name}`),
  );
  const expected = featureFolders.map(
    (folder) => `${join('src/features', folder, 'service.ts')}: ${pascal(folder)}Service`,
  );
  expect(declared.sort()).toEqual(expected.sort());
});

test('the features list has one entry per feature folder, named after it, typed as its service', () => {
  const index = readFileSync(join(FEATURES, 'index.ts'), 'utf8');
  const body = /^export interface Features \{\n([\s\S]*?)^\}/m.exec(index)?.[1];
  expect(body, 'src/features/index.ts declares `export interface Features`').toBeDefined();
  const entries = [...body!.matchAll(/^ {2}(\w+): (\w+);/gm)].map(
    ([, name, type]) => `${name}: ${type}`,
  );
  expect(entries.sort()).toEqual(
    featureFolders.map((folder) => `${camel(folder)}: ${pascal(folder)}Service`).sort(),
  );
});

/** The names of an exported interface's members, read from its declaration in `path`. */
function members(path: string, name: string): string[] {
  const text = readFileSync(join(ROOT, path), 'utf8');
  const body = new RegExp(
    `^export interface ${name}(?: extends [^{]*)? \\{\\n([\\s\\S]*?)^\\}`,
    'm',
  ).exec(text)?.[1];
  expect(body, `${path} declares \`export interface ${name}\``).toBeDefined();
  return [...body!.matchAll(/^ {2}(\w+)\??:/gm)].map(([, member]) => member!);
}

test('the App names an engine only under app.engines, never beside its feature', () => {
  const engines = members('src/features/index.ts', 'FeatureEngines');
  expect(engines.length).toBeGreaterThan(0);
  const app = members('src/app/create-app.ts', 'App');
  expect(app).toEqual(expect.arrayContaining(['features', 'engines']));
  expect(app.filter((member) => engines.includes(member))).toEqual([]);
});

test('no code reaches the features as `services` (app.services, deps.services)', () => {
  const offenders = ['src', 'web', 'dev', 'bench', 'test', 'emulators', 'scripts']
    .flatMap(sources)
    .filter((path) => !path.endsWith('feature-services.test.ts'))
    .filter((path) => /\b(?:app|deps)\.services\b/.test(readFileSync(join(ROOT, path), 'utf8')));
  expect(offenders).toEqual([]);
});
