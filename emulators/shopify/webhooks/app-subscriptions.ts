/**
 * The app's webhook subscriptions as `shopify app deploy` registers them from its
 * shopify.app.toml: each `[[webhooks.subscriptions]]` block's `topics` (and
 * `compliance_topics`), with the block's `filter`. Read with two patterns, for the one-line
 * arrays and strings the CLI writes: the emulator carries no TOML parser for this one lookup.
 */
export interface WebhookSubscription {
  topic: string;
  filter?: string;
}

const BLOCK = '[[webhooks.subscriptions]]';
const TOPICS = /^\s*(?:compliance_)?topics\s*=\s*\[([^\]]*)\]/gm;
const FILTER = /^\s*filter\s*=\s*"([^"]*)"/m;

export function appSubscriptions(toml: string): WebhookSubscription[] {
  return toml
    .split(BLOCK)
    .slice(1)
    .flatMap((block) => {
      // A block ends where the next table starts.
      const body = block.split(/^\s*\[/m)[0]!;
      const filter = FILTER.exec(body)?.[1];
      return [...body.matchAll(TOPICS)].flatMap(([, list]) =>
        [...list!.matchAll(/"([^"]+)"/g)].map(([, topic]) => ({
          topic: topic!,
          ...(filter ? { filter } : {}),
        })),
      );
    });
}
