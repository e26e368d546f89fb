/**
 * Between the demo admin page and the action modal inside it: what the server writes into the
 * modal's page for its script, and the messages the modal posts to the admin page.
 */
export const EXTENSION_HOST_CONFIG_GLOBAL = '__EXTENSION_HOST__';

export const EXTENSION_MESSAGE_SOURCE = 'admin-extension';

/** `close`: the extension called `shopify.close()`; `navigate`: it followed an `app:` link. */
export type ExtensionMessage =
  | { source: typeof EXTENSION_MESSAGE_SOURCE; kind: 'close' }
  | { source: typeof EXTENSION_MESSAGE_SOURCE; kind: 'navigate'; href: string };
