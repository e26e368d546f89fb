/**
 * `/__emulator/` control of the shop's languages (Settings › Languages), beside control/routes.ts:
 *
 *   PUT /__emulator/shops/:shop/locales  {locales: [{locale, published?}]} → the shop's enabled
 *                                        locales, the primary first (always published); a locale
 *                                        left out is removed, with its translations as on Shopify
 *   GET /__emulator/shops/:shop/translations?resourceId=<gid>               → its registered
 *                                        translations [{key, locale, value, digest, updatedAt}]
 */
import express, { type Router } from 'express';
import type { EmulatorContext } from '../emulator-context.ts';
import { translationsOf } from '../resolvers/translations.ts';
import type { ShopLocaleRecord } from '../store/types.ts';

const PREFIX = '/__emulator';
const LOCALE = /^[a-z]{2,3}(-[A-Za-z0-9]{2,4})?$/;

function parseLocales(value: unknown): ShopLocaleRecord[] | undefined {
  if (!Array.isArray(value) || value.length === 0) return undefined;
  const locales: ShopLocaleRecord[] = [];
  for (const [index, item] of value.entries()) {
    const { locale, published } = (item ?? {}) as { locale?: unknown; published?: unknown };
    if (typeof locale !== 'string' || !LOCALE.test(locale)) return undefined;
    if (published !== undefined && typeof published !== 'boolean') return undefined;
    locales.push({ locale, primary: index === 0, published: index === 0 || published !== false });
  }
  return locales;
}

export function localeControlRouter(emu: EmulatorContext): Router {
  const router = express.Router();
  router.use(PREFIX, express.json());

  router.put(`${PREFIX}/shops/:shop/locales`, (req, res) => {
    const shop = emu.store.shop(String(req.params['shop']));
    if (!shop) {
      res.status(404).json({ error: `Unknown shop ${String(req.params['shop'])}` });
      return;
    }
    const locales = parseLocales((req.body as { locales?: unknown } | undefined)?.locales);
    if (!locales) {
      res.status(400).json({ error: 'locales must be [{locale: "fr", published?: boolean}, ...]' });
      return;
    }
    shop.locales = locales;
    const kept = new Set(
      locales.filter((locale) => !locale.primary).map((locale) => locale.locale),
    );
    for (const registered of shop.translations.values()) {
      for (const [id, translation] of registered) {
        if (!kept.has(translation.locale)) registered.delete(id);
      }
    }
    res.json({ locales });
  });

  router.get(`${PREFIX}/shops/:shop/translations`, (req, res) => {
    const shop = emu.store.shop(String(req.params['shop']));
    if (!shop) {
      res.status(404).json({ error: `Unknown shop ${String(req.params['shop'])}` });
      return;
    }
    res.json({ translations: translationsOf(shop, String(req.query['resourceId'] ?? '')) });
  });

  return router;
}
