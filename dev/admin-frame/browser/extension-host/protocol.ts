/**
 * Between the demo admin page and the extensions inside it (an action's modal, a block's frame):
 * what the server writes into the extension's page for its script, and the messages the
 * extension's page posts to the admin page.
 */
export const EXTENSION_HOST_CONFIG_GLOBAL = '__EXTENSION_HOST__';

export const EXTENSION_MESSAGE_SOURCE = 'admin-extension';

/**
 * `close`: the extension called `shopify.close()`; `navigate`: it followed an `app:` link;
 * `resize`: a block's content is now `height` px tall (the admin sizes a block to its content).
 */
export type ExtensionMessage =
  | { source: typeof EXTENSION_MESSAGE_SOURCE; kind: 'close' }
  | { source: typeof EXTENSION_MESSAGE_SOURCE; kind: 'navigate'; href: string }
  | { source: typeof EXTENSION_MESSAGE_SOURCE; kind: 'resize'; height: number };
