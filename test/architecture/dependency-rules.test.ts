/**
 * The architecture rules of .dependency-cruiser.js can fail: each one is run, through
 * dependency-cruiser's API with the real config file, against a tiny tree made here that breaks
 * it on purpose (a cycle, a folder cycle, platform -> pipeline, src -> web, stage runtime -> stage,
 * feature -> the engine's inside, engine -> feature…) next to
 * imports it must allow. The reported violations must be exactly the planted ones, so a rule
 * weakened or dropped in the config, or one that starts flagging what it allows, fails here.
 */
import { mkdir, mkdtemp, rm, symlink, writeFile, copyFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cruise, type ICruiseResult, type IViolation } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const CONFIG = join(ROOT, '.dependency-cruiser.js');

/**
 * The fixture tree: path -> source. Each file plants at most a few violations (commented);
 * everything else in it is an import the rules must allow.
 */
const FIXTURES: Record<string, string> = {
  // 1. cycles, also through a type-only import and between .tsx files
  'src/pipeline/generations/a.ts': `import type { B } from './b.ts';\nexport type A = { b?: B };\n`,
  'src/pipeline/generations/b.ts': `import type { A } from './a.ts';\nexport type B = { a?: A };\n`,
  'web/frontend/src/Page.tsx': `import { Card } from './Card.tsx';\nexport const Page = () => <Card />;\n`,
  'web/frontend/src/Card.tsx': `import { Page } from './Page.tsx';\nexport const Card = () => (Page ? <p /> : null);\n`,

  // 1b. folder cycles in src/, with no cycle between files: limits -> sources -> limits; a folder
  // and its subfolder using each other (pipeline/index.ts, limits/claims.ts) is no cycle
  'src/pipeline/limits/claims.ts': [
    `import type { PipelineConfig } from '../config.ts';`,
    `import { prompt } from '../sources/prompt.ts';`, // violation: the way back is style.ts's
    `export const claim = (c: PipelineConfig) => [c, prompt];`,
  ].join('\n'),
  'src/pipeline/limits/pacer.ts': `export interface Pacer { wait(): Promise<void> }\n`,
  'src/pipeline/sources/prompt.ts': `export const prompt = 'a mug';\n`,
  'src/pipeline/sources/style.ts': [
    `import type { Pacer } from '../limits/pacer.ts';`, // violation: the way back is claims.ts's
    `import { prompt } from './prompt.ts';`,
    `export const style = (p: Pacer) => [p, prompt];`,
  ].join('\n'),
  'src/pipeline/index.ts': [
    `import { claim } from './limits/claims.ts';`,
    `import { style } from './sources/style.ts';`,
    `export const pipeline = [claim, style];`,
  ].join('\n'),

  // 2. platform imports only builtins, npm packages and platform
  'src/platform/logger.ts': [
    `import { readFileSync } from 'node:fs';`,
    `import { z } from 'zod';`,
    `import { now } from './clock.ts';`,
    `import type { PipelineConfig } from '../pipeline/config.ts';`, // violation
    `export const log = (c: PipelineConfig) => [readFileSync, z, now, c];`,
  ].join('\n'),
  'src/platform/clock.ts': `export const now = () => Date.now();\n`,
  'src/pipeline/config.ts': `export interface PipelineConfig { n: number }\n`,

  // 2b. the fidelity check imports only builtins, npm packages, platform and itself
  'src/fidelity/check.ts': [
    `import { cpus } from 'node:os';`,
    `import { now } from '../platform/clock.ts';`,
    `import { version } from './version.ts';`,
    `import type { PipelineConfig } from '../pipeline/config.ts';`, // violation
    `export const check = (c: PipelineConfig) => [cpus, now, version, c];`,
  ].join('\n'),
  'src/fidelity/version.ts': `export const version = 1;\n`,

  // 2c. the channel profiles import only builtins, npm packages, platform and themselves
  'src/channels/check.ts': [
    `import { cpus } from 'node:os';`,
    `import { z } from 'zod';`,
    `import { now } from '../platform/clock.ts';`,
    `import { profiles } from './profiles.ts';`,
    `import type { PipelineConfig } from '../pipeline/config.ts';`, // violation
    `export const check = (c: PipelineConfig) => [cpus, z, now, profiles, c];`,
  ].join('\n'),
  'src/channels/profiles.ts': `export const profiles = [];\n`,

  // 3. src imports no outer folder
  'src/productai/client.ts': [
    `import { log } from '../platform/logger.ts';`,
    `import { app } from '../../web/server/app.ts';`, // violation
    `import { seed } from '../../test/support/seed.ts';`, // violation
    `export const client = [log, app, seed];`,
  ].join('\n'),

  // 4. the stage runtime knows no stage and no pipeline feature
  'src/pipeline/stages/stage.ts': `export interface StageHandler { run(): void }\n`,
  'src/pipeline/stages/workers.ts': [
    `import type { StageHandler } from './stage.ts';`,
    `import type { A } from '../generations/a.ts';`,
    `import { submitStage } from './submit-stage.ts';`, // violation: a concrete stage
    `import type { Holds } from '../publish/result-holds.ts';`, // violation: a feature
    `export const workers = (h: StageHandler, a: A, r: Holds) => [h, a, r, submitStage];`,
  ].join('\n'),
  'src/pipeline/stages/submit-stage.ts': `import type { StageHandler } from './stage.ts';\nexport const submitStage: StageHandler = { run() {} };\n`,
  'src/pipeline/publish/result-holds.ts': `export type Holds = string[];\n`,

  // 4b. a feature reaches the engine only through pipeline/index.ts, and may use another feature;
  // the engine imports no feature
  'src/features/shelf/service.ts': [
    `import { pipeline } from '../../pipeline/index.ts';`,
    `import { label } from '../label/label.ts';`,
    `import type { A } from '../../pipeline/generations/a.ts';`, // violation: the engine's inside
    `export const shelf = (a: A) => [pipeline, label, a];`,
  ].join('\n'),
  'src/features/cart/service.ts': [
    `import type { PipelineConfig } from '../../pipeline/config.ts';`, // violation: the engine's inside
    `export const cart = (c: PipelineConfig) => [c];`,
  ].join('\n'),
  'src/features/label/label.ts': `export const label = 'new';\n`,
  'src/features/label/words.ts': `export type Words = string[];\n`,
  'src/pipeline/line/put-in-line.ts': [
    `import type { A } from '../generations/a.ts';`,
    `import { label } from '../../features/label/label.ts';`, // violation: a feature
    `import type { Words } from '../../features/label/words.ts';`, // violation: a feature
    `export const putInLine = (a: A, w: Words) => [a, w, label];`,
  ].join('\n'),

  // 5. web reaches src only through src/app, src/app-api (and src/platform for now)
  'web/server/app.ts': [
    `import { createApp } from '../../src/app/index.ts';`,
    `import type { Contract } from '../../src/app-api/contract.ts';`,
    `import { now } from '../../src/platform/clock.ts';`,
    `import type { PipelineConfig } from '../../src/pipeline/config.ts';`, // violation
    `export const app = (c: Contract, p: PipelineConfig) => [createApp, c, now, p];`,
  ].join('\n'),
  'src/app/index.ts': `export const createApp = () => ({});\n`,
  'src/app-api/contract.ts': `export interface Contract { ok: boolean }\n`,

  // 6. emulators are independent of the app, but for what they share on purpose (the clock)
  'emulators/shopify/index.ts': [
    `import { createServer } from 'node:http';`,
    `import { now } from '../../src/platform/clock.ts';`, // allowed: shared on purpose
    `import type { PipelineConfig } from '../../src/pipeline/config.ts';`, // violation
    `export const emulator = (config?: PipelineConfig) => [createServer, now, config];`,
  ].join('\n'),

  // 7. test/pipeline and test/web share helpers only through test/support
  'test/support/seed.ts': `export const seed = 1;\n`,
  'test/web/support/harness.ts': `import { seed } from '../../support/seed.ts';\nexport const harness = seed;\n`,
  'test/pipeline/support.ts': `export const shop = 'a.myshopify.com';\n`,
  'test/web/api.test.ts': [
    `import { harness } from './support/harness.ts';`,
    `import { shop } from '../pipeline/support.ts';`, // violation
    `export const t = [harness, shop];`,
  ].join('\n'),
  'test/pipeline/stages.test.ts': [
    `import { shop } from './support.ts';`,
    `import { seed } from '../support/seed.ts';`,
    `import { harness } from '../web/support/harness.ts';`, // violation
    `import { emulator } from '../../emulators/shopify/index.ts';`,
    `export const t = [shop, seed, harness, emulator];`,
  ].join('\n'),

  // 8. unresolvable imports and orphans
  'dev/demo.ts': [
    `import { app } from '../web/server/app.ts';`,
    `import { gone } from './deleted.ts';`, // violation
    `export const demo = [app, gone];`,
  ].join('\n'),
  'dev/forgotten.ts': `export const forgotten = 1;\n`, // violation: nothing imports it
};

/** Every violation the fixtures plant, as `rule: from -> to`; nothing else may be reported. */
const EXPECTED: Record<string, string[]> = {
  'no-circular': [
    'src/pipeline/generations/a.ts -> src/pipeline/generations/b.ts',
    'web/frontend/src/Card.tsx -> web/frontend/src/Page.tsx',
  ],
  'no-folder-cycles': [
    'src/pipeline/limits -> src/pipeline/sources',
    'src/pipeline/sources -> src/pipeline/limits',
  ],
  'platform-imports-nothing-of-ours': ['src/platform/logger.ts -> src/pipeline/config.ts'],
  'fidelity-imports-only-platform': ['src/fidelity/check.ts -> src/pipeline/config.ts'],
  'channels-imports-only-platform': ['src/channels/check.ts -> src/pipeline/config.ts'],
  'src-imports-no-outer-folder': [
    'src/productai/client.ts -> test/support/seed.ts',
    'src/productai/client.ts -> web/server/app.ts',
  ],
  'stage-runtime-knows-no-stage': [
    'src/pipeline/stages/workers.ts -> src/pipeline/publish/result-holds.ts',
    'src/pipeline/stages/workers.ts -> src/pipeline/stages/submit-stage.ts',
  ],
  'features-reach-the-engine-through-its-index': [
    'src/features/shelf/service.ts -> src/pipeline/generations/a.ts',
    'src/features/cart/service.ts -> src/pipeline/config.ts',
  ],
  'engine-imports-no-feature': [
    'src/pipeline/line/put-in-line.ts -> src/features/label/label.ts',
    'src/pipeline/line/put-in-line.ts -> src/features/label/words.ts',
  ],
  'web-imports-src-only-through-app': ['web/server/app.ts -> src/pipeline/config.ts'],
  'emulators-are-independent': ['emulators/shopify/index.ts -> src/pipeline/config.ts'],
  'test-folders-do-not-share-helpers': [
    'test/pipeline/stages.test.ts -> test/web/support/harness.ts',
    'test/web/api.test.ts -> test/pipeline/support.ts',
  ],
  'not-to-unresolvable': ['dev/demo.ts -> ./deleted.ts'],
  'no-orphans': ['dev/forgotten.ts -> dev/forgotten.ts'],
};

let dir: string;
let violations: IViolation[];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'dependency-rules-'));
  for (const [path, source] of Object.entries(FIXTURES)) {
    await mkdir(dirname(join(dir, path)), { recursive: true });
    await writeFile(join(dir, path), source);
  }
  // The repository's compiler options (NodeNext, .ts extension imports) and packages.
  await copyFile(join(ROOT, 'tsconfig.json'), join(dir, 'tsconfig.json'));
  await symlink(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');

  const options = await extractDepcruiseOptions(CONFIG);
  delete options.cache; // always a fresh cruise of the fixtures
  const tsConfigFile = join(dir, 'tsconfig.json');
  const result = await cruise(
    ['src', 'web', 'emulators', 'dev', 'test'],
    { ...options, baseDir: dir, tsConfig: { fileName: tsConfigFile } },
    undefined,
    { tsConfig: extractTSConfig(tsConfigFile) },
  );
  violations = (result.output as ICruiseResult).summary.violations;
});
afterAll(() => rm(dir, { recursive: true, force: true }));

function reported(rule: string): string[] {
  return violations
    .filter((violation) => violation.rule.name === rule)
    .map((violation) => `${violation.from} -> ${violation.to}`)
    .sort();
}

describe('each rule of .dependency-cruiser.js reports what the fixtures plant, and only that', () => {
  test.each(Object.keys(EXPECTED))('%s', (rule) => {
    expect(reported(rule)).toEqual([...(EXPECTED[rule] ?? [])].sort());
  });

  test('every rule of the config is covered here, and every violation is an expected one', async () => {
    const { ruleSet } = await extractDepcruiseOptions(CONFIG);
    const ruleNames = (ruleSet?.forbidden ?? []).map((rule) => rule.name);
    expect(ruleNames.sort()).toEqual(Object.keys(EXPECTED).sort());
    expect(violations.every((violation) => violation.rule.severity === 'error')).toBe(true);
    expect(violations).toHaveLength(Object.values(EXPECTED).flat().length);
  });
});
