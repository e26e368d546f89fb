/**
 * Installing and uninstalling the app on a shop. Uninstalling works like Shopify: the shop
 * stays, its tokens stop working at once, and `app/uninstalled` is sent to the app.
 * Installing an unknown shop seeds it (tests use their own shops); reinstalling keeps its data.
 * An installed shop has the metaobject definitions the app declares (its shopify.app.toml), as
 * Shopify keeps a deployed app's on every shop it is installed on.
 */
import type { EmulatorContext } from './emulator-context.ts';
import { seedShop } from './seed/seed-shop.ts';
import type { ShopRecord } from './store/types.ts';
import { defaultPayload } from './webhooks/payloads.ts';
import type { WebhookDelivery } from './webhooks/sender.ts';

/** The locales of the shops the emulator starts with (the demo's): English, French and German. */
export const DEMO_LOCALES = ['en', 'fr', 'de'] as const;

/**
 * Installs the app; a new shop is seeded with `locales` published (the primary first): English
 * alone for a test's own shop, which publishes more through the control surface when it needs.
 */
export function installShop(
  emu: EmulatorContext,
  domain: string,
  locales: readonly string[] = ['en'],
): ShopRecord {
  const shop =
    emu.store.shop(domain) ??
    seedShop(emu.store, emu.assets, domain, {
      productCount: emu.options.productCount,
      colourProducts: emu.options.colourProducts,
      scopes: emu.options.scopes,
      locales,
      nowMs: emu.clock.now(),
    });
  shop.installed = true;
  for (const { type, name, fields } of emu.options.metaobjectDefinitions) {
    if (!shop.metaobjectDefinitions.has(type))
      shop.metaobjectDefinitions.set(type, { id: emu.store.nextId(), type, name, fields });
  }
  return shop;
}

/**
 * Uninstalls and, when the app gets `app/uninstalled` somewhere (and `deliver` is not false),
 * delivers it.
 */
export async function uninstallShop(
  emu: EmulatorContext,
  shop: ShopRecord,
  options: { deliver?: boolean } = {},
): Promise<WebhookDelivery[]> {
  shop.installed = false;
  emu.tokens.revokeShop(shop.domain);
  if (!emu.webhooks.urlFor('app/uninstalled') || options.deliver === false) return [];
  return emu.webhooks.send(
    shop.domain,
    'app/uninstalled',
    defaultPayload('app/uninstalled', shop, emu.clock.now()),
  );
}
