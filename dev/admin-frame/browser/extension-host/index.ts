/**
 * The script of an extension's page in the demo admin (an action's modal, a block's frame),
 * before the extension's bundle: the `shopify` global the admin gives the extension, and the
 * Polaris components it renders. The server writes the extension's target, selected ids and
 * locale into `window.__EXTENSION_HOST__` first. A block tells the admin page its height as it
 * changes, so its frame is as tall as its content, as a block is in the admin.
 */
import { defineElements } from './elements.ts';
import { installShopifyStandIn, type ShopifyStandInOptions } from './shopify-global.ts';
import { documentCss } from './styles.ts';
import {
  EXTENSION_HOST_CONFIG_GLOBAL,
  EXTENSION_MESSAGE_SOURCE,
  type ExtensionMessage,
} from './protocol.ts';

const options = (window as unknown as Record<string, ShopifyStandInOptions>)[
  EXTENSION_HOST_CONFIG_GLOBAL
]!;
installShopifyStandIn(options);
const style = document.createElement('style');
style.textContent = documentCss;
document.head.append(style);
defineElements();

if (options.target.endsWith('.block.render') && window.parent !== window) {
  new ResizeObserver(() => {
    const message: ExtensionMessage = {
      source: EXTENSION_MESSAGE_SOURCE,
      kind: 'resize',
      height: Math.ceil(document.documentElement.getBoundingClientRect().height),
    };
    window.parent.postMessage(message, '*');
  }).observe(document.documentElement); // <body> is not there yet: this runs in <head>
}
