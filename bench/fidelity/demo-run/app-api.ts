/**
 * The app's own API as the app home calls it (session-token auth against the demo's stack), for
 * the demo run: what it sends is what a merchant's clicks send, and what it reads back (the
 * generations with their fidelity reports) is what the screens show.
 */
import type { Stack } from '../../../dev/stack.ts';
import type {
  CreateGenerationRequest,
  CreatedGeneration,
  GenerationPage,
  GenerationView,
  ProductDetail,
  SettingsView,
  UpdateSettingsRequest,
} from '../../../src/app-api/contract.ts';

export interface AppApi {
  settings(): Promise<SettingsView>;
  updateSettings(patch: UpdateSettingsRequest): Promise<SettingsView>;
  product(numericId: number): Promise<ProductDetail>;
  createGeneration(request: CreateGenerationRequest): Promise<CreatedGeneration>;
  /** Every generation of the shop (all pages). */
  generations(): Promise<GenerationView[]>;
}

/** The /api budget is 10 requests a second a shop; a 429 is waited out, not counted as a failure. */
const RETRY_AFTER_429_MS = 1_500;

/**
 * One call to the app's API as the stack's merchant, a 429 waited out; the benches that drive
 * the app (this demo run, bench/faults.ts) call it.
 */
export function appRequest(stack: Pick<Stack, 'appUrl' | 'shop' | 'shopify'>) {
  return async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    for (;;) {
      const response = await fetch(`${stack.appUrl}/api${path}`, {
        method,
        headers: {
          // A fresh token each call: they expire within a minute, and a run takes several.
          Authorization: `Bearer ${stack.shopify.signSessionToken(stack.shop)}`,
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      if (response.status === 429) {
        await new Promise((resolve) => setTimeout(resolve, RETRY_AFTER_429_MS));
        continue;
      }
      if (!response.ok) {
        throw new Error(`${method} /api${path}: ${response.status} ${await response.text()}`);
      }
      return (await response.json()) as T;
    }
  };
}

export function appApi(stack: Pick<Stack, 'appUrl' | 'shop' | 'shopify'>): AppApi {
  const call = appRequest(stack);
  return {
    settings: () => call<SettingsView>('GET', '/settings'),
    updateSettings: (patch) => call<SettingsView>('PATCH', '/settings', patch),
    product: (numericId) => call<ProductDetail>('GET', `/products/${numericId}`),
    createGeneration: (request) => call<CreatedGeneration>('POST', '/generations', request),
    async generations() {
      const all: GenerationView[] = [];
      let cursor: string | null = null;
      do {
        const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
        const page: GenerationPage = await call<GenerationPage>(
          'GET',
          `/generations?limit=100${query}`,
        );
        all.push(...page.generations);
        cursor = page.nextCursor;
      } while (cursor);
      return all;
    },
  };
}
