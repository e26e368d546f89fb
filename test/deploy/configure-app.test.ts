/**
 * `npm run configure-app` (scripts/configure-app.ts) makes the committed toml files deployable:
 * run in a copy of them with a deployment's SHOPIFY_API_KEY and SHOPIFY_APP_URL, it writes the
 * client ID, the app URLs and the Flow action's runtime_url, and no placeholder is left. Bad
 * input is refused with every problem named and nothing written. (`shopify app build` runs on a
 * configured copy in shopify-app-build.test.ts.)
 */
import { execFile } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { REPO } from './support/clean-copy.ts';

const run = promisify(execFile);
const SCRIPT = join(REPO, 'scripts/configure-app.ts');
const CLIENT_ID = '5f1d0c3b9a8e7d6c5b4a39281706f5e4';
const APP_URL = 'https://studio.merchant-tools.io';
const FLOW_ACTION = 'extensions/flow-generate-photo/shopify.extension.toml';

/** The placeholders the repository commits, read from it rather than restated. */
const committed = readFileSync(join(REPO, 'shopify.app.toml'), 'utf8');
const PLACEHOLDER_CLIENT_ID = /^client_id = "([^"]+)"/m.exec(committed)![1]!;
const PLACEHOLDER_HOST = new URL(/^application_url = "([^"]+)"/m.exec(committed)![1]!).host;

const copies: string[] = [];
afterEach(() => {
  for (const dir of copies.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** shopify.app.toml and every extension's shopify.extension.toml, as committed. */
function tomlFiles(root: string): string[] {
  const extensions = readdirSync(join(root, 'extensions'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => `extensions/${entry.name}/shopify.extension.toml`)
    .filter((file) => existsSync(join(root, file)));
  return ['shopify.app.toml', ...extensions];
}

function copyOfTheTomls(): string {
  const dir = mkdtempSync(join(tmpdir(), 'configure-app-'));
  copies.push(dir);
  for (const file of tomlFiles(REPO)) cpSync(join(REPO, file), join(dir, file));
  return dir;
}

function readAll(dir: string): Record<string, string> {
  return Object.fromEntries(
    tomlFiles(dir).map((file) => [file, readFileSync(join(dir, file), 'utf8')]),
  );
}

async function configure(
  dir: string,
  variables: Record<string, string | undefined>,
): Promise<{ code: number; stdout: string; stderr: string }> {
  // Only these variables: none of this machine's SHOPIFY_* may stand in for a missing one.
  const env = { PATH: process.env.PATH, ...variables };
  try {
    const { stdout, stderr } = await run(process.execPath, [SCRIPT, '--path', dir], { env });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe('configure-app', () => {
  it('writes the client ID, the app URLs and the Flow action runtime_url; no placeholder is left', async () => {
    const dir = copyOfTheTomls();
    const result = await configure(dir, { SHOPIFY_API_KEY: CLIENT_ID, SHOPIFY_APP_URL: APP_URL });

    expect(result.code).toBe(0);
    const files = readAll(dir);
    const app = files['shopify.app.toml']!;
    expect(app).toMatch(new RegExp(`^client_id = "${CLIENT_ID}"$`, 'm'));
    expect(app).toMatch(new RegExp(`^application_url = "${APP_URL}"$`, 'm'));
    expect(app).toContain(`redirect_urls = ["${APP_URL}/auth/callback"]`);
    expect(files[FLOW_ACTION]).toContain(`runtime_url = "${APP_URL}/flow/actions/generate-photo"`);
    for (const [file, text] of Object.entries(files)) {
      expect(text, file).not.toContain(PLACEHOLDER_HOST);
      expect(text, file).not.toContain(PLACEHOLDER_CLIENT_ID);
      expect(text, file).not.toMatch(/example\.(com|net|org)|\.(test|invalid|localhost)\b/);
    }
  });

  it('keeps every comment and setting other than the ones it writes', async () => {
    const dir = copyOfTheTomls();
    const before = readAll(dir);
    await configure(dir, { SHOPIFY_API_KEY: CLIENT_ID, SHOPIFY_APP_URL: APP_URL });

    for (const [file, text] of Object.entries(readAll(dir))) {
      const undo = text
        .replaceAll(APP_URL, `https://${PLACEHOLDER_HOST}`)
        .replace(CLIENT_ID, PLACEHOLDER_CLIENT_ID);
      expect(undo, file).toBe(before[file]);
    }
  });

  it('run again with another URL, moves every URL there (a domain change before a redeploy)', async () => {
    const dir = copyOfTheTomls();
    await configure(dir, { SHOPIFY_API_KEY: CLIENT_ID, SHOPIFY_APP_URL: APP_URL });
    const result = await configure(dir, {
      SHOPIFY_API_KEY: CLIENT_ID,
      SHOPIFY_APP_URL: 'https://photos.merchant-tools.io/',
    });

    expect(result.code).toBe(0);
    const files = readAll(dir);
    expect(files[FLOW_ACTION]).toContain(
      'runtime_url = "https://photos.merchant-tools.io/flow/actions/generate-photo"',
    );
    for (const [file, text] of Object.entries(files)) expect(text, file).not.toContain(APP_URL);
  });

  const good = { SHOPIFY_API_KEY: CLIENT_ID, SHOPIFY_APP_URL: APP_URL };
  it.each([
    {
      case: 'no app URL',
      env: { SHOPIFY_APP_URL: undefined },
      says: 'SHOPIFY_APP_URL is required',
    },
    {
      case: 'no client ID',
      env: { SHOPIFY_API_KEY: undefined },
      says: 'SHOPIFY_API_KEY is required',
    },
    { case: 'an http URL', env: { SHOPIFY_APP_URL: 'http://a.merchant-tools.io' }, says: 'https' },
    { case: 'a host alone', env: { SHOPIFY_APP_URL: 'a.merchant-tools.io' }, says: 'not a URL' },
    { case: 'example.com', env: { SHOPIFY_APP_URL: 'https://a.example.com' }, says: 'reserved' },
    { case: 'localhost', env: { SHOPIFY_APP_URL: 'https://localhost:3000' }, says: 'reserved' },
    { case: 'an IP address', env: { SHOPIFY_APP_URL: 'https://203.0.113.7' }, says: 'not an IP' },
    { case: 'a query', env: { SHOPIFY_APP_URL: `${APP_URL}/?shop=x` }, says: 'no query' },
    { case: 'a non-hex client ID', env: { SHOPIFY_API_KEY: 'my-app' }, says: '32 lowercase hex' },
    { case: 'the zeros', env: { SHOPIFY_API_KEY: '0'.repeat(32) }, says: 'committed placeholder' },
  ])('refuses $case with a message saying why, and writes nothing', async ({ env, says }) => {
    const dir = copyOfTheTomls();
    const before = readAll(dir);
    const result = await configure(dir, { ...good, ...env });

    expect(result.code).toBe(2);
    expect(result.stderr).toContain('refused, nothing written');
    expect(result.stderr).toContain(says);
    expect(readAll(dir)).toEqual(before);
  });

  it('refuses to leave a placeholder URL it cannot move (another host), and writes nothing', async () => {
    const dir = copyOfTheTomls();
    const action = join(dir, FLOW_ACTION);
    writeFileSync(
      action,
      readFileSync(action, 'utf8').replace(
        /^runtime_url = .*$/m,
        '$&\nvalidation_url = "https://validate.example.net/flow"',
      ),
    );
    const before = readAll(dir);
    const result = await configure(dir, { SHOPIFY_API_KEY: CLIENT_ID, SHOPIFY_APP_URL: APP_URL });

    expect(result.code).toBe(1);
    const line =
      before[FLOW_ACTION]!.split('\n').indexOf(
        'validation_url = "https://validate.example.net/flow"',
      ) + 1;
    expect(result.stderr).toContain(`${FLOW_ACTION}:${line}: https://validate.example.net/flow`);
    expect(readAll(dir)).toEqual(before);
  });
});
