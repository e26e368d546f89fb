/**
 * The app's webhook subscriptions as `shopify app deploy` registers them from its
 * shopify.app.toml: each `[[webhooks.subscriptions]]` block's `topics` (and
 * `compliance_topics`), with the block's `uri` and `filter`. Read with patterns, for the
 * one-line arrays and strings the CLI writes: the emulator carries no TOML parser for this one
 * lookup.
 */
export interface WebhookSubscription {
  topic: string;
  /** Where Shopify delivers it: absolute, or a path under the app's `application_url`. */
  uri?: string;
  filter?: string;
}

const BLOCK = '[[webhooks.subscriptions]]';
const TOPICS = /^\s*(?:compliance_)?topics\s*=\s*\[([^\]]*)\]/gm;
const FILTER = /^\s*filter\s*=\s*"([^"]*)"/m;
const URI = /^\s*uri\s*=\s*"([^"]*)"/m;

export function appSubscriptions(toml: string): WebhookSubscription[] {
  return toml
    .split(BLOCK)
    .slice(1)
    .flatMap((block) => {
      // A block ends where the next table starts.
      const body = block.split(/^\s*\[/m)[0]!;
      const filter = FILTER.exec(body)?.[1];
      const uri = URI.exec(body)?.[1];
      return [...body.matchAll(TOPICS)].flatMap(([, list]) =>
        [...list!.matchAll(/"([^"]+)"/g)].map(([, topic]) => ({
          topic: topic!,
          ...(uri ? { uri } : {}),
          ...(filter ? { filter } : {}),
        })),
      );
    });
}

/**
 * Where each subscribed topic goes: its `uri`, a path resolved against the app's URL (which
 * stands in for `application_url`, a placeholder until `shopify app dev` or a deploy sets it);
 * without one, only absolute URIs are known. Only HTTP(S) endpoints are delivered to; a topic
 * subscribed twice goes to its first `uri` (the app's toml subscribes each topic once).
 */
export function webhookRoutes(
  subscriptions: readonly WebhookSubscription[],
  appUrl?: string,
): Map<string, string> {
  const routes = new Map<string, string>();
  for (const { topic, uri } of subscriptions) {
    if (!uri || routes.has(topic)) continue;
    const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(uri)?.[1]?.toLowerCase();
    // Pub/Sub or EventBridge: Shopify delivers there, never to the app's HTTP endpoint.
    if (scheme && scheme !== 'http' && scheme !== 'https') continue;
    if (!scheme && !appUrl) continue;
    routes.set(topic, new URL(uri, appUrl).href);
  }
  return routes;
}
