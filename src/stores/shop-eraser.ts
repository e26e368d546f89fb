/**
 * What happens to a shop's data when it leaves.
 *
 *  - `uninstall(shop)` (webhook `app/uninstalled`): the shop's tokens are dead and its work must
 *    stop: the uninstall hooks run (the pipeline registers "cancel the shop's queued work"),
 *    then the offline session and the ProductAI API key are deleted. Other settings stay until
 *    `shop/redact`, in case the merchant reinstalls within Shopify's 48-hour window.
 *  - `erase(shop)` (webhook `shop/redact`): the erase hooks run (for state a concern keeps
 *    outside the shop's prefix, e.g. app-wide indexes naming the shop), then every key under
 *    the shop's prefix is deleted, whatever concern wrote it.
 *
 * Every hook runs even if an earlier one fails; the failures are reported together afterwards,
 * so one broken concern cannot keep a shop's data from being erased.
 */
import type { Redis } from '../platform/redis/connection.ts';
import { assertShopDomain, shopKeyPattern } from '../platform/keys.ts';
import type { SessionStore } from './sessions.ts';
import type { ShopSettingsStore } from './shop-settings.ts';

export type ShopHook = (shop: string) => Promise<void>;

export interface ShopEraser {
  /** Registers work to do when the app is uninstalled from a shop (before its tokens go). */
  onUninstall(name: string, hook: ShopHook): void;
  /** Registers cleanup for state of the shop kept outside its key prefix. */
  onErase(name: string, hook: ShopHook): void;
  uninstall(shop: string): Promise<void>;
  /** Returns how many keys were deleted under the shop's prefix. */
  erase(shop: string): Promise<{ keysDeleted: number }>;
}

export class ShopHooksFailedError extends AggregateError {
  constructor(stage: string, shop: string, failures: { name: string; error: unknown }[]) {
    super(
      failures.map((failure) => failure.error),
      `${stage} hooks failed for ${shop}: ${failures.map((failure) => failure.name).join(', ')}`,
    );
    this.name = 'ShopHooksFailedError';
  }
}

const SCAN_BATCH = 500;

export function createShopEraser(deps: {
  redis: Redis;
  sessions: SessionStore;
  settings: ShopSettingsStore;
}): ShopEraser {
  const { redis, sessions, settings } = deps;
  const uninstallHooks = new Map<string, ShopHook>();
  const eraseHooks = new Map<string, ShopHook>();

  function register(hooks: Map<string, ShopHook>, name: string, hook: ShopHook): void {
    if (hooks.has(name)) throw new Error(`A shop hook named "${name}" is already registered`);
    hooks.set(name, hook);
  }

  async function runAll(
    hooks: Map<string, ShopHook>,
    shop: string,
    builtIn: () => Promise<void>,
  ): Promise<{ name: string; error: unknown }[]> {
    const failures: { name: string; error: unknown }[] = [];
    for (const [name, hook] of hooks) {
      try {
        await hook(shop);
      } catch (error) {
        failures.push({ name, error });
      }
    }
    try {
      await builtIn();
    } catch (error) {
      failures.push({ name: 'built-in', error });
    }
    return failures;
  }

  async function deletePrefix(shop: string): Promise<number> {
    let deleted = 0;
    const stream = redis.scanStream({ match: shopKeyPattern(shop), count: SCAN_BATCH });
    for await (const keys of stream as AsyncIterable<string[]>) {
      if (keys.length > 0) deleted += await redis.unlink(...keys);
    }
    return deleted;
  }

  return {
    onUninstall: (name, hook) => register(uninstallHooks, name, hook),
    onErase: (name, hook) => register(eraseHooks, name, hook),
    async uninstall(shop) {
      assertShopDomain(shop);
      const failures = await runAll(uninstallHooks, shop, async () => {
        await sessions.delete(shop);
        await settings.removeApiKey(shop);
      });
      if (failures.length > 0) throw new ShopHooksFailedError('Uninstall', shop, failures);
    },
    async erase(shop) {
      assertShopDomain(shop);
      let keysDeleted = 0;
      const failures = await runAll(eraseHooks, shop, async () => {
        keysDeleted = await deletePrefix(shop);
      });
      if (failures.length > 0) throw new ShopHooksFailedError('Erase', shop, failures);
      return { keysDeleted };
    },
  };
}
