/**
 * The web pixel's side of Shopify's sandbox, typed for the parts this pixel uses. `register` is
 * what `@shopify/web-pixels-extension`'s is (one call to the sandbox's `shopify.extend` at its
 * extension point), written here so the bundle needs no package for one line.
 */

export interface PixelEvent {
  /** Unique per event, as Shopify sends it (the same id when an event is delivered again). */
  id: string;
  name: string;
  /** A custom event's payload, as `Shopify.analytics.publish` was given it. */
  customData?: unknown;
  data?: {
    productVariant?: { product?: { id?: string | null } | null } | null;
    cartLine?: { merchandise?: { product?: { id?: string | null } | null } | null } | null;
    checkout?: {
      token?: string | null;
      order?: { id?: string | null } | null;
      lineItems?: Array<{
        variant?: { product?: { id?: string | null } | null } | null;
        finalLinePrice?: { amount?: number | null } | null;
      }> | null;
    } | null;
  };
}

/** The sandbox's storage: Web Storage, but asynchronous. */
export interface SandboxStorage {
  getItem(key: string): Promise<string | null>;
  setItem(key: string, value: string): Promise<void>;
}

export interface WebPixelApi {
  analytics: { subscribe(name: string, handler: (event: PixelEvent) => void): void };
  browser: {
    localStorage: SandboxStorage;
    sendBeacon(url: string, body: string): Promise<boolean>;
  };
  settings: Record<string, string | undefined>;
}

declare const shopify: { extend(point: string, extend: (api: WebPixelApi) => void): void };

export const register = (extend: (api: WebPixelApi) => void) =>
  shopify.extend('WebPixel::Render', extend);
