/**
 * Writes one deployment's client ID and public URL into the app's toml files, in place, keeping
 * every comment and line as it is:
 *  - shopify.app.toml: `client_id`, and every URL under the current `application_url`
 *    (`application_url` itself, `[auth] redirect_urls`, and an app proxy, preferences URL or
 *    absolute webhook `uri` when there is one);
 *  - extensions/<name>/shopify.extension.toml: every URL under that same `application_url` (the
 *    Flow action's `runtime_url`; validation or configuration page URLs if one is added).
 * A URL is moved by replacing the old application URL it starts with, so its path stays and a
 * second run with another URL moves everything again. URLs elsewhere (another host) are left
 * alone, and afterwards no URL in these files may still point at a placeholder host: a file
 * that does is named with its line, and nothing is written.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { isPlaceholderHost, type DeployInputs } from './inputs.ts';

export const APP_TOML = 'shopify.app.toml';

/** The toml files the deploy reads: the app's, then each extension's (the CLI's default
 * `extensions/*` directories; shopify.app.toml sets no `extension_directories`). */
export function deployTomls(appDir: string): string[] {
  const extensions = join(appDir, 'extensions');
  const files = readdirSync(extensions, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => join(extensions, entry.name, 'shopify.extension.toml'))
    .filter((file) => existsSync(file))
    .sort();
  return [join(appDir, APP_TOML), ...files];
}

function stringSetting(toml: string, key: string): { value: string; line: RegExp } {
  const line = new RegExp(`^(${key}\\s*=\\s*)"([^"]*)"`, 'm');
  const match = line.exec(toml);
  if (!match) throw new Error(`${APP_TOML} has no ${key} = "…" line`);
  return { value: match[2]!, line };
}

/** Every quoted http(s) URL of a toml text whose host is a placeholder, with its line. */
function placeholderUrls(toml: string): { line: number; url: string }[] {
  const found: { line: number; url: string }[] = [];
  toml.split('\n').forEach((text, index) => {
    for (const [, url] of text.matchAll(/"(https?:\/\/[^"]*)"/g)) {
      let host: string;
      try {
        host = new URL(url!).hostname;
      } catch {
        continue;
      }
      if (isPlaceholderHost(host)) found.push({ line: index + 1, url: url! });
    }
  });
  return found;
}

export interface ConfigureResult {
  /** The application URL the files had before (the URL every moved URL started with). */
  previousAppUrl: string;
  /** Files written (relative to the app folder); unchanged files are not rewritten. */
  changed: string[];
}

export function configureTomls(appDir: string, inputs: DeployInputs): ConfigureResult {
  const appToml = readFileSync(join(appDir, APP_TOML), 'utf8');
  const clientId = stringSetting(appToml, 'client_id');
  const previousAppUrl = stringSetting(appToml, 'application_url').value.replace(/\/+$/, '');

  const moveUrl = (quoted: string, url: string): string =>
    url === previousAppUrl || url.startsWith(`${previousAppUrl}/`)
      ? `"${inputs.appUrl}${url.slice(previousAppUrl.length)}"`
      : quoted;

  const rewritten = deployTomls(appDir).map((file) => {
    const before = readFileSync(file, 'utf8');
    let after = before.replace(/"(https?:\/\/[^"]*)"/g, moveUrl);
    if (file === join(appDir, APP_TOML))
      after = after.replace(clientId.line, `$1"${inputs.clientId}"`);
    return { file, before, after };
  });

  const leftovers = rewritten.flatMap(({ file, after }) =>
    placeholderUrls(after).map(
      ({ line, url }) => `${relative(appDir, file)}:${line}: ${url} (not under ${previousAppUrl})`,
    ),
  );
  if (leftovers.length > 0)
    throw new Error(`placeholder URLs would remain; nothing written:\n  ${leftovers.join('\n  ')}`);

  const changed: string[] = [];
  for (const { file, before, after } of rewritten) {
    if (after === before) continue;
    writeFileSync(file, after);
    changed.push(relative(appDir, file));
  }
  return { previousAppUrl, changed };
}
