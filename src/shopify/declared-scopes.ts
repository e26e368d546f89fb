/**
 * The access scopes the app asks for, read from shopify.app.toml's `[access_scopes] scopes` (what
 * Shopify grants on a managed installation): the one list the dev stack and the tests hand both
 * the app (`SCOPES`) and the Shopify emulator (its grant), so a scope added to the TOML reaches
 * them all. Read with one pattern, for the one-line string the CLI writes (as declared-topics.ts
 * reads the topics): the production image carries no TOML parser for this one lookup.
 */
import { readFileSync } from 'node:fs';
import { APP_TOML_PATH } from './declared-topics.ts';

const SCOPES = /^\s*scopes\s*=\s*"([^"]*)"/m;

export function declaredScopes(toml: string): string[] {
  const list = SCOPES.exec(toml)?.[1];
  if (list === undefined) throw new Error('shopify.app.toml has no [access_scopes] scopes');
  return list
    .split(',')
    .map((scope) => scope.trim())
    .filter(Boolean);
}

export function declaredScopesOfApp(path: URL | string = APP_TOML_PATH): string[] {
  return declaredScopes(readFileSync(path, 'utf8'));
}
