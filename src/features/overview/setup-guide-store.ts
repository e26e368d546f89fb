/**
 * Whether the shop dismissed the Overview's setup guide, and when. Kept per shop on the server,
 * not in the browser: the guide is the shop's (its tasks tick off from the shop's state), so a
 * dismissal holds in every browser and for every staff member, as Shopify's own setup guide does.
 * Under the shop's prefix, so erasing the shop erases it.
 */
import type { Redis } from '../../platform/redis/connection.ts';
import { shopKeyspace } from '../../platform/keys.ts';

const guideKeys = shopKeyspace('setup-guide');

export interface SetupGuideStore {
  /** When the guide was dismissed (ISO), or null while it shows. */
  dismissedAt(shop: string): Promise<string | null>;
  /** Dismisses it; a second dismissal keeps the first's time. */
  dismiss(shop: string, at: Date): Promise<string>;
}

export function createSetupGuideStore(redis: Redis): SetupGuideStore {
  const keyOf = (shop: string) => guideKeys.key(shop, 'dismissed-at');
  return {
    dismissedAt: (shop) => redis.get(keyOf(shop)),
    async dismiss(shop, at) {
      // SET NX then GET: two tabs dismissing at once keep one time.
      await redis.set(keyOf(shop), at.toISOString(), 'NX');
      return (await redis.get(keyOf(shop))) ?? at.toISOString();
    },
  };
}
