/**
 * Between the demo admin page and the extensions inside it (an action's modal, a block's frame):
 * what the server writes into the extension's page for its script, and the messages the
 * extension's page posts to the admin page.
 */
import type { ShopifyStandInOptions } from './shopify-global.ts';

export const EXTENSION_HOST_CONFIG_GLOBAL = '__EXTENSION_HOST__';

/** What the server writes there: the `shopify` global's options, and where this shop's admin is. */
export interface ExtensionHostConfig extends ShopifyStandInOptions {
  /** This shop's admin, which forwards `/api/*` to the app with the shop's session token. */
  adminBase: string;
}

export const EXTENSION_MESSAGE_SOURCE = 'admin-extension';

/**
 * `close`: the extension called `shopify.close()`; `navigate`: it followed an `app:` link;
 * `resize`: a block's content is now `height` px tall (the admin sizes a block to its content).
 */
export type ExtensionMessage =
  | { source: typeof EXTENSION_MESSAGE_SOURCE; kind: 'close' }
  | { source: typeof EXTENSION_MESSAGE_SOURCE; kind: 'navigate'; href: string }
  | { source: typeof EXTENSION_MESSAGE_SOURCE; kind: 'resize'; height: number };
