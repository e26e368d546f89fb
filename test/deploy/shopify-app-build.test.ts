/**
 * The real Shopify CLI accepts the app: `shopify app build` loads shopify.app.toml, every
 * extension's shopify.extension.toml and both shopify.web.toml files against the CLI's own
 * schemas (a wrong type, an unknown web role or extension target fails it), bundles the admin
 * extensions and runs the web's build command. Offline, with no login and no prompt: CI=1 makes
 * it non-interactive, the command itself needs no Partner account, and analytics are off.
 * It runs in a clean copy, since it writes builds and .shopify/ into the app folder, configured
 * for a deployment first (`npm run configure-app`, scripts/configure-app.ts) as before
 * `shopify app deploy`: the client ID and the URLs it writes pass the CLI's schemas too (the Flow
 * action's runtime_url must be https).
 */
import { execFile } from 'node:child_process';
import { existsSync, rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { cleanCopy, REPO } from './support/clean-copy.ts';

const run = promisify(execFile);
const app = cleanCopy('shopify-app-build');

afterAll(() => rmSync(app, { recursive: true, force: true }));

describe('shopify app build', () => {
  it('validates and builds the app, its extensions and its web processes', async () => {
    symlinkSync(join(REPO, 'node_modules'), join(app, 'node_modules'));
    await run(process.execPath, [join(REPO, 'scripts/configure-app.ts'), '--path', app], {
      env: {
        PATH: process.env.PATH,
        SHOPIFY_API_KEY: '5f1d0c3b9a8e7d6c5b4a39281706f5e4',
        SHOPIFY_APP_URL: 'https://studio.merchant-tools.io',
      },
    });
    const { stdout, stderr } = await run(
      join(REPO, 'node_modules/.bin/shopify'),
      ['app', 'build', '--path', app, '--skip-dependencies-installation', '--no-color'],
      {
        cwd: app,
        env: { ...process.env, CI: '1', SHOPIFY_CLI_NO_ANALYTICS: '1' },
        timeout: 120_000,
        maxBuffer: 16 * 1024 * 1024,
      },
    );
    // It resolves only on exit code 0; the closing box says so too.
    expect(`${stdout}${stderr}`.replace(/\s+/g, ' ')).toContain('productai-studio built!');
    for (const bundle of [
      'extensions/product-generate/dist/productai-product-photo.js',
      'extensions/collection-bulk-run/dist/productai-collection-bulk-run.js',
      'extensions/product-selection-bulk-run/dist/productai-selection-bulk-run.js',
      'web/frontend/dist/index.html',
    ])
      expect(existsSync(join(app, bundle)), bundle).toBe(true);
  }, 150_000);
});
