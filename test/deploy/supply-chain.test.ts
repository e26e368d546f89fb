/**
 * What the image and compose take from others, and what they trust (docs/operations.md,
 * Deploy), read from the files themselves: base images by digest, no install script run
 * unless named, the base image's Node rather than the npm package's, a Redis password, and the
 * proxy chain stated by the operator. test/deploy/image.test.ts builds and runs them.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseComposeYaml, type ComposeValue } from './support/compose-file.ts';
import { readInstructions } from './support/dockerfile.ts';

const REPO = new URL('../../', import.meta.url);
const read = (path: string) => readFileSync(new URL(path, REPO), 'utf8');

const instructions = readInstructions(read('Dockerfile'));
const compose = parseComposeYaml(read('compose.yaml')) as {
  services: Record<string, { image?: string; build?: string } & Record<string, ComposeValue>>;
  'x-app-environment': Record<string, string>;
};
const packageJson = JSON.parse(read('package.json')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};
type LockEntry = { dev?: boolean; hasInstallScript?: boolean };
const lock = JSON.parse(read('package-lock.json')) as { packages: Record<string, LockEntry> };

const DIGEST = /^[\w./-]+:[\w.-]+@sha256:[0-9a-f]{64}$/;

/**
 * Production packages whose install script the image skips, and why it is not needed there.
 * Any other production package with one must be rebuilt by name in the Dockerfile.
 */
const INSTALL_SCRIPT_NOT_NEEDED: Record<string, string> = {
  'msgpackr-extract': 'compiles from source only where its prebuilt package is missing',
  'tesseract.js': 'asks for donations (opencollective-postinstall)',
};

const runs = instructions.filter((i) => i.keyword === 'RUN').map((i) => i.args);

describe('the Dockerfile', () => {
  it('builds every stage on a base image pinned by digest', () => {
    const args = Object.fromEntries(
      instructions
        .filter((i) => i.keyword === 'ARG' && i.args.includes('='))
        .map((i) => i.args.split('=') as [string, string]),
    );
    const bases = instructions
      .filter((i) => i.keyword === 'FROM')
      .map((i) =>
        i.args.split(/\s+/)[0]!.replace(/^\$\{(\w+)\}$/, (_, name: string) => args[name]!),
      );
    expect(bases.length).toBeGreaterThan(0);
    for (const base of bases) expect(base).toMatch(DIGEST);
  });

  it('runs no package’s install script at npm ci', () => {
    const installs = runs.filter((command) => /^npm ci\b/.test(command));
    expect(installs.length).toBeGreaterThan(0);
    for (const command of installs) expect(command).toContain('--ignore-scripts');
  });

  it('rebuilds by name each production package whose install script it needs', () => {
    const rebuilt = runs.flatMap((command) =>
      /^npm rebuild\b/.test(command)
        ? command
            .split(/\s+/)
            .slice(2)
            .filter((word) => !word.startsWith('-'))
        : [],
    );
    const withScripts = Object.entries(lock.packages)
      .filter(([path, entry]) => path !== '' && entry.hasInstallScript && !entry.dev)
      .map(([path]) => path.replace(/^.*node_modules\//, ''));
    for (const name of withScripts)
      expect(
        rebuilt.includes(name) || name in INSTALL_SCRIPT_NOT_NEEDED,
        `${name} has an install script: rebuild it in the Dockerfile or say why it is not needed`,
      ).toBe(true);
  });

  it('runs the base image’s Node: the npm package `node` is for development only', () => {
    expect(packageJson.dependencies).not.toHaveProperty('node');
    expect(packageJson.devDependencies).toHaveProperty('node');
    expect(lock.packages['node_modules/node']?.dev).toBe(true);
  });
});

describe('compose.yaml', () => {
  it('pins every image it does not build by digest', () => {
    const built = Object.values(compose.services)
      .filter((service) => service.build !== undefined)
      .map((service) => service.image);
    const pulled = Object.values(compose.services)
      .map((service) => service.image)
      .filter((image): image is string => image !== undefined && !built.includes(image));
    expect(pulled.length).toBeGreaterThan(0);
    for (const image of pulled) expect(image).toMatch(DIGEST);
  });

  it('gives Redis a password, and the app a REDIS_URL that carries it', () => {
    const command = compose.services.redis!.command as string[];
    expect(command[command.indexOf('--requirepass') + 1]).toMatch(/^\$\{REDIS_PASSWORD:\?/);
    expect(compose['x-app-environment'].REDIS_URL).toMatch(
      /^redis:\/\/:\$\{REDIS_PASSWORD:\?[^}]*\}@redis:6379$/,
    );
  });

  it('takes TRUST_PROXY from the proxy chain the operator states, with no default', () => {
    expect(compose['x-app-environment'].TRUST_PROXY).toMatch(/^\$\{PROXY_HOPS:\?[^}]+\}$/);
  });
});
