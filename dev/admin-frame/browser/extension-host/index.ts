/**
 * The script of the demo admin's action modal (the page inside it, before the extension's
 * bundle): the `shopify` global the admin gives an action extension, and the Polaris components
 * it renders. The server writes the extension's target, selected ids and locale into
 * `window.__EXTENSION_HOST__` first.
 */
import { defineElements } from './elements.ts';
import { installShopifyStandIn, type ShopifyStandInOptions } from './shopify-global.ts';
import { documentCss } from './styles.ts';
import { EXTENSION_HOST_CONFIG_GLOBAL } from './protocol.ts';

const options = (window as unknown as Record<string, ShopifyStandInOptions>)[
  EXTENSION_HOST_CONFIG_GLOBAL
]!;
installShopifyStandIn(options);
const style = document.createElement('style');
style.textContent = documentCss;
document.head.append(style);
defineElements();
