/**
 * The app home's Content-Security-Policy. The page renders what merchants, Shopify and ProductAI
 * supply (product titles, image and result URLs); should any of it ever reach the DOM as markup,
 * the policy is what keeps it from running or loading code:
 *
 * - scripts: the app's own bundle and App Bridge, from its origin (cdn.shopify.com), and nothing
 *   inline, nothing evaluated;
 * - images and video: the app, `data:`/`blob:` (thumbnails the page makes) and any https origin:
 *   product images come from Shopify's CDN, results from wherever ProductAI stores them, a host
 *   the contract does not name; never plain http, which the admin (https) would block anyway;
 * - connections: the app's own API, App Bridge's origin and Shopify's (App Bridge's requests);
 * - styles: the app's sheet and inline styles, which Polaris and App Bridge's elements set;
 * - no plugins, no <base>, forms only to the app;
 * - frame-ancestors: the shop's admin and admin.shopify.com only (Shopify's requirement against
 *   clickjacking), plus, outside production, the demo's admin frame.
 *
 * `devOrigins` are the local stand-ins outside production (the emulators that serve images and
 * results over http, the demo's admin frame); configuration refuses them in production.
 */
import { isShopDomain } from '../../../src/platform/keys.ts';

export interface AppHomeCspOptions {
  /** The App Bridge script's URL (APP_BRIDGE_SCRIPT_URL). */
  appBridgeSrc: string;
  /** Origins allowed to frame the app home besides the admin (DEV_FRAME_ANCESTORS). */
  extraFrameAncestors: readonly string[];
  /** Origins images, media and connections may also use, outside production only. */
  devOrigins: readonly string[];
}

/** `frame-ancestors` for the shop named in the query (validated), plus configured extras. */
export function frameAncestors(shop: unknown, extra: readonly string[] = []): string {
  const sources = [
    ...(isShopDomain(shop) ? [`https://${shop}`] : []),
    'https://admin.shopify.com',
    ...extra,
  ];
  return `frame-ancestors ${sources.join(' ')};`;
}

export function appHomeCsp(shop: unknown, options: AppHomeCspOptions): string {
  const appBridge = new URL(options.appBridgeSrc).origin;
  const dev = options.devOrigins;
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    ['script-src', "'self'", appBridge],
    ['style-src', "'self'", "'unsafe-inline'"],
    ['img-src', "'self'", 'data:', 'blob:', 'https:', ...dev],
    ['media-src', "'self'", 'blob:', 'https:', ...dev],
    ['font-src', "'self'", 'data:', 'https://cdn.shopify.com'],
    ['connect-src', "'self'", appBridge, 'https://*.shopify.com', ...dev],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', "'self'"],
  ];
  const policy = directives.map((directive) => `${[...new Set(directive)].join(' ')};`);
  return [...policy, frameAncestors(shop, options.extraFrameAncestors)].join(' ');
}
