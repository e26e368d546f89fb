/**
 * The webhook topics the app subscribes to, read from shopify.app.toml (what `shopify app
 * deploy` registers with Shopify). The worker refuses to start when one of them has no handler:
 * such deliveries would be acknowledged and then fail forever.
 *
 * Only the two array keys of `[[webhooks.subscriptions]]` are read (`topics` and
 * `compliance_topics`, one-line string arrays as the CLI writes them); the production image
 * carries no TOML parser for this one lookup.
 */
import { readFileSync } from 'node:fs';

export const APP_TOML_PATH = new URL('../../shopify.app.toml', import.meta.url);

const TOPIC_ARRAY = /^\s*(?:compliance_)?topics\s*=\s*\[([^\]]*)\]/gm;

export function declaredTopics(toml: string): string[] {
  const topics = new Set<string>();
  for (const [, list] of toml.matchAll(TOPIC_ARRAY))
    for (const [, topic] of list!.matchAll(/"([^"]+)"/g)) topics.add(topic!);
  return [...topics];
}

export function declaredTopicsOfApp(path: URL | string = APP_TOML_PATH): string[] {
  return declaredTopics(readFileSync(path, 'utf8'));
}
