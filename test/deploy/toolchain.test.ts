/**
 * The Node the project names in each place agrees: the npm package `node` the scripts run on
 * (package-lock.json), `engines` (the app's own floor, type stripping), `.nvmrc` (a shell of
 * one's own) and `devEngines` (what npm needs to start the scripts at all); and Renovate keeps
 * every Shopify package in one group.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const REPO = new URL('../../', import.meta.url);
const read = (path: string) => readFileSync(new URL(path, REPO), 'utf8');

const packageJson = JSON.parse(read('package.json')) as {
  engines: { node: string };
  devEngines: { runtime: { name: string; version: string; onFail: string } };
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};
const lock = JSON.parse(read('package-lock.json')) as {
  packages: Record<string, { version: string }>;
};

const [major, minor] = lock.packages['node_modules/node']!.version.split('.').map(Number);
/** `>=A.B` as [A, B]. */
const floor = (range: string) => {
  const match = /^>=(\d+)(?:\.(\d+))?$/.exec(range);
  expect(match, range).not.toBeNull();
  return [Number(match![1]), Number(match![2] ?? 0)] as const;
};

describe('the Node the project names', () => {
  it('runs its scripts on a Node that meets engines', () => {
    const [wantMajor, wantMinor] = floor(packageJson.engines.node);
    expect(major! > wantMajor || (major === wantMajor && minor! >= wantMinor)).toBe(true);
  });

  it('names the same major in .nvmrc', () => {
    expect(read('.nvmrc').trim()).toBe(String(major));
  });

  it('lets npm start the scripts on the system’s Node 20, which setup then replaces', () => {
    // npm checks devEngines with the Node npm itself runs on, before the pre-hook that brings
    // Node 22 (scripts/ensure-setup.sh): a floor of 22 would refuse `npm test` on Node 20.
    expect(packageJson.devEngines.runtime.name).toBe('node');
    expect(floor(packageJson.devEngines.runtime.version)[0]).toBeLessThanOrEqual(20);
  });
});

describe('renovate.json', () => {
  const renovate = JSON.parse(read('renovate.json')) as {
    packageRules: { matchPackageNames?: string[]; groupName?: string }[];
  };

  it('groups every Shopify package of package.json', () => {
    const shopify = Object.keys({
      ...packageJson.dependencies,
      ...packageJson.devDependencies,
    }).filter((name) => name.startsWith('@shopify/'));
    expect(shopify.length).toBeGreaterThan(0);
    const groupOf = (name: string) =>
      renovate.packageRules
        .filter(
          (rule) =>
            rule.groupName &&
            rule.matchPackageNames?.some((pattern) =>
              pattern.endsWith('/**') ? name.startsWith(pattern.slice(0, -2)) : pattern === name,
            ),
        )
        .at(-1)?.groupName;
    for (const name of shopify) expect(groupOf(name), name).toMatch(/^Shopify/);
  });
});
