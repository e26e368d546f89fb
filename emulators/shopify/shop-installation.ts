/**
 * Installing and uninstalling the app on a shop. Uninstalling works like Shopify: the shop
 * stays, its tokens stop working at once, and `app/uninstalled` is sent to the app.
 * Installing an unknown shop seeds it (tests use their own shops); reinstalling keeps its data.
 */
import type { EmulatorContext } from './emulator-context.ts';
import { seedShop } from './seed/seed-shop.ts';
import type { ShopRecord } from './store/types.ts';
import { defaultPayload } from './webhooks/payloads.ts';
import type { WebhookDelivery } from './webhooks/sender.ts';

export function installShop(emu: EmulatorContext, domain: string): ShopRecord {
  const existing = emu.store.shop(domain);
  if (existing) {
    existing.installed = true;
    return existing;
  }
  return seedShop(emu.store, emu.assets, domain, {
    productCount: emu.options.productCount,
    colourProducts: emu.options.colourProducts,
    scopes: emu.options.scopes,
    nowMs: emu.clock.now(),
  });
}

/** Uninstalls and, when a webhook URL is set (and `deliver` is not false), delivers `app/uninstalled`. */
export async function uninstallShop(
  emu: EmulatorContext,
  shop: ShopRecord,
  options: { deliver?: boolean } = {},
): Promise<WebhookDelivery[]> {
  shop.installed = false;
  emu.tokens.revokeShop(shop.domain);
  if (!emu.webhooks.url || options.deliver === false) return [];
  return emu.webhooks.send(
    shop.domain,
    'app/uninstalled',
    defaultPayload('app/uninstalled', shop, emu.clock.now()),
  );
}
