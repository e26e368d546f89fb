/**
 * What Shopify's own scripts give a storefront page (in the real head, `content_for_header`),
 * for the emulator's storefront: the Customer Privacy API with the visitor's choice (loaded
 * with `Shopify.loadFeatures`, late, as Shopify's is), and
 * `Shopify.analytics.publish`, whose events (and the page's standard ones: a product viewed on
 * load, added to cart on a click of `[data-publish]`) go to the web pixel sandbox, a worker
 * running the app's real pixel bundle (pixel-sandbox.ts). As on Shopify, the pixel runs only for
 * a visitor whose consent allows analytics; its storage and beacons are the page's.
 *
 * A classic script, loaded before the app embed. `window.__storefront` counts what happened for
 * the tests: events published, beacons sent.
 */

export interface StorefrontConfig {
  consent: boolean;
  /** How long after the page's load the Customer Privacy API arrives (a slow script), in ms. */
  consentApiMs: number;
  /** The sandbox worker's URL (settings and bundle in its query), or null: no pixel. */
  pixelSandbox: string | null;
  /** Each event delivered twice, and each beacon sent twice (at-least-once delivery). */
  duplicates: boolean;
  /** The page's standard events, published once the document is parsed. */
  events: Array<{ name: string; data: unknown }>;
}

interface Shopify {
  loadFeatures?(features: Array<{ name: string }>, loaded: (error: unknown) => void): void;
  customerPrivacy?: { analyticsProcessingAllowed(): boolean };
  analytics?: { publish(name: string, customData: unknown): void };
}

export interface SandboxCall {
  id: number;
  method: 'getItem' | 'setItem' | 'removeItem' | 'sendBeacon';
  args: string[];
}

const page = window as unknown as {
  Shopify?: Shopify;
  __storefrontConfig: StorefrontConfig;
  __storefront: { published: string[]; beacons: number };
};
const config = page.__storefrontConfig;
const seen = (page.__storefront = { published: [] as string[], beacons: 0 });
const shopify = (page.Shopify ??= {});

// As on Shopify, the Customer Privacy API is there once loaded with `loadFeatures`: here, after
// the page's `load` (a script fetched late), so never before its first paint, and later still
// with `consentApiMs`.
shopify.loadFeatures = (features, loaded) => {
  if (!features.some((feature) => feature.name === 'consent-tracking-api')) return loaded(null);
  const load = () =>
    setTimeout(() => {
      shopify.customerPrivacy = { analyticsProcessingAllowed: () => config.consent };
      loaded(null);
    }, config.consentApiMs);
  if (document.readyState === 'complete') load();
  else window.addEventListener('load', load);
};

const sandbox = config.consent && config.pixelSandbox ? new Worker(config.pixelSandbox) : null;

function deliver(name: string, payload: { customData?: unknown; data?: unknown }): void {
  seen.published.push(name);
  const event = { id: `sh-${crypto.randomUUID()}`, name, timestamp: new Date().toISOString() };
  for (let copy = 0; copy < (config.duplicates ? 2 : 1); copy += 1)
    sandbox?.postMessage({ event: { ...event, ...payload } });
}

shopify.analytics = { publish: (name, customData) => deliver(name, { customData }) };

sandbox?.addEventListener('message', ({ data }: MessageEvent<SandboxCall>) => {
  const [key = '', value = ''] = data.args;
  let reply: unknown = null;
  if (data.method === 'getItem') reply = localStorage.getItem(key);
  if (data.method === 'setItem') localStorage.setItem(key, value);
  if (data.method === 'removeItem') localStorage.removeItem(key);
  if (data.method === 'sendBeacon') {
    for (let copy = 0; copy < (config.duplicates ? 2 : 1); copy += 1) {
      reply = navigator.sendBeacon(key, value);
      if (reply) seen.beacons += 1;
    }
  }
  sandbox.postMessage({ id: data.id, reply });
});

document.addEventListener('DOMContentLoaded', () => {
  for (const { name, data } of config.events) deliver(name, { data });
  document.addEventListener('click', (click) => {
    const target = (click.target as Element).closest<HTMLElement>('[data-publish]');
    if (!target) return;
    const { name, data } = JSON.parse(target.dataset['publish']!) as {
      name: string;
      data: unknown;
    };
    deliver(name, { data });
  });
});
