/**
 * What Shopify knows of the app from its shopify.app.toml (what `shopify app deploy` hands it):
 * the access scopes a managed installation grants, the webhook subscriptions (topics, compliance
 * topics, their `uri` and `filter`) and the metaobject definitions every installed shop keeps.
 * The standalone emulator (cli.ts) starts from the app's own file, so a scope, topic or
 * definition changed there is what the emulator then does; tests may hand it another file.
 * Read with patterns, as the CLI writes these keys: the emulator carries no TOML parser.
 */
import { readFileSync } from 'node:fs';
import {
  appMetaobjectDefinitions,
  type AppMetaobjectDefinition,
} from './resolvers/app-metaobjects.ts';
import { appSubscriptions, type WebhookSubscription } from './webhooks/app-subscriptions.ts';

/** The app's own configuration, beside the emulator in this repository. */
export const APP_TOML = new URL('../../shopify.app.toml', import.meta.url);

export interface AppConfiguration {
  scopes: string[];
  subscriptions: WebhookSubscription[];
  metaobjectDefinitions: AppMetaobjectDefinition[];
}

const SCOPES = /^\s*scopes\s*=\s*"([^"]*)"/m;

/** `[access_scopes] scopes`, the one comma-separated string the CLI writes. */
export function appScopes(toml: string): string[] {
  const list = SCOPES.exec(toml)?.[1];
  if (list === undefined) throw new Error('shopify.app.toml has no [access_scopes] scopes');
  return list
    .split(',')
    .map((scope) => scope.trim())
    .filter(Boolean);
}

export function appConfiguration(toml: string): AppConfiguration {
  return {
    scopes: appScopes(toml),
    subscriptions: appSubscriptions(toml),
    metaobjectDefinitions: appMetaobjectDefinitions(toml),
  };
}

export function readAppConfiguration(path: string | URL = APP_TOML): AppConfiguration {
  return appConfiguration(readFileSync(path, 'utf8'));
}
