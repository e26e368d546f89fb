/**
 * The demo's stand-in for App Bridge (https://cdn.shopify.com/shopifycloud/app-bridge.js): a
 * classic script the app home loads first, which defines the `shopify` global and the
 * `ui-save-bar` / `ui-nav-menu` elements with the behaviour the app relies on, talking to the
 * admin frame page over postMessage as the real one talks to the Shopify admin.
 *
 * Implemented: config, origin, ready, environment, idToken, fetch with the session token (and
 * one retry on X-Shopify-Retry-Invalid-Session-Request), resourcePicker, toast, saveBar,
 * loading, webVitals (measured in the page: web-vitals.ts), `shopify://admin` links. Anything
 * else throws, so a gap is loud, never silent.
 * Simplified: the picker searches titles only (no `filter` search syntax: the demo store's
 * products are all active and visible) and lists products and collections, not variants;
 * toasts have no action button.
 */
import { STAND_IN_CONFIG_GLOBAL, type StandInConfig } from '../protocol.ts';
import { handleAdminLinks } from './admin-links.ts';
import { installAuthenticatedFetch } from './authenticated-fetch.ts';
import { createChannel } from './channel.ts';
import { createIdToken } from './id-token.ts';
import { syncLocation } from './location-sync.ts';
import { defineNavMenu } from './nav-menu.ts';
import { createResourcePicker } from './resource-picker.ts';
import { defineSaveBar, saveBarApi } from './save-bar.ts';
import { createToastApi } from './toast.ts';
import { createWebVitalsApi } from './web-vitals.ts';

const config = (window as unknown as Record<string, StandInConfig>)[STAND_IN_CONFIG_GLOBAL]!;

function start(): void {
  if (window.top === window) {
    // Like App Bridge: an embedded app opened on its own goes to its place in the admin.
    const path = window.location.pathname + window.location.search;
    window.location.replace(`${config.adminUrl}/?path=${encodeURIComponent(path)}`);
    return;
  }
  const channel = createChannel(config.adminOrigin);
  const idToken = createIdToken(channel);
  const params = new URLSearchParams(window.location.search);
  const api: Record<string, unknown> = {
    config: {
      apiKey: document.querySelector('meta[name="shopify-api-key"]')?.getAttribute('content') ?? '',
      shop: params.get('shop') ?? '',
      host: params.get('host') ?? '',
      locale: params.get('locale') ?? 'en',
    },
    origin: config.adminOrigin,
    ready: Promise.resolve(),
    environment: { mobile: false, embedded: true, pos: false },
    idToken: () => idToken(),
    resourcePicker: createResourcePicker(channel),
    toast: createToastApi(channel),
    saveBar: saveBarApi,
    loading: (on = true) => channel.notify('loading', { on }),
    webVitals: createWebVitalsApi(),
  };
  (window as unknown as { shopify: unknown }).shopify = new Proxy(api, {
    get(target, property, receiver) {
      // `then` is probed by `await`; symbols by dev tools: neither is an App Bridge API.
      if (typeof property === 'symbol' || property in target || property === 'then') {
        return Reflect.get(target, property, receiver);
      }
      throw new Error(`shopify.${property} is not part of the demo's App Bridge stand-in`);
    },
  });
  installAuthenticatedFetch(idToken);
  defineSaveBar(channel);
  defineNavMenu(channel);
  handleAdminLinks(channel);
  syncLocation(channel);
  channel.notify('ready', { path: window.location.pathname + window.location.search });
}

start();
