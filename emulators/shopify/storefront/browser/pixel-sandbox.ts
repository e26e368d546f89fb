/**
 * Shopify's web pixel sandbox in strict mode, for the emulator's storefront: a worker that loads
 * the app's real pixel bundle (an IIFE calling `shopify.extend('WebPixel::Render', …)`) with the
 * API a strict pixel gets: `analytics.subscribe` (the page's events, posted by host.ts), `browser`
 * (the page's localStorage and `sendBeacon`, asynchronous, through host.ts), `settings` and
 * `init`. Its URL's query carries `settings` (JSON) and the `bundle` to load.
 */
import type { SandboxCall } from './host.ts';

interface PixelEvent {
  id: string;
  name: string;
}
type Handler = (event: PixelEvent) => void;

const query = new URLSearchParams(self.location.search);
const handlers = new Map<string, Handler[]>();
const calls = new Map<number, (reply: unknown) => void>();
let lastCall = 0;

function call(method: SandboxCall['method'], ...args: string[]): Promise<unknown> {
  lastCall += 1;
  const id = lastCall;
  self.postMessage({ id, method, args } satisfies SandboxCall);
  return new Promise((resolve) => calls.set(id, resolve));
}

self.addEventListener(
  'message',
  ({ data }: MessageEvent<{ id: number; reply: unknown } | { event: PixelEvent }>) => {
    if ('event' in data) {
      for (const handler of handlers.get(data.event.name) ?? []) handler(data.event);
      return;
    }
    calls.get(data.id)?.(data.reply);
    calls.delete(data.id);
  },
);

const api = {
  analytics: {
    subscribe(name: string, handler: Handler) {
      handlers.set(name, [...(handlers.get(name) ?? []), handler]);
    },
  },
  browser: {
    localStorage: {
      getItem: (key: string) => call('getItem', key),
      setItem: (key: string, value: string) => call('setItem', key, value),
      removeItem: (key: string) => call('removeItem', key),
    },
    sendBeacon: (url: string, body: string) => call('sendBeacon', url, body),
  },
  settings: JSON.parse(query.get('settings') ?? '{}') as Record<string, string>,
  init: {},
};

(self as unknown as { shopify: unknown }).shopify = {
  extend(point: string, extend: (pixelApi: typeof api) => void) {
    if (point !== 'WebPixel::Render') throw new Error(`Unknown extension point ${point}`);
    extend(api);
  },
};

(self as unknown as { importScripts(url: string): void }).importScripts(query.get('bundle')!);
