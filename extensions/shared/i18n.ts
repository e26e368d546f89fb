/**
 * Translation for the shared code and the three extensions. Every string a merchant reads comes
 * from the extension's `locales/en.default.json` through the admin's `i18n.translate`, so the
 * admin can show it in the merchant's language; `count` picks the plural form.
 */
export function t(key: string, replacements?: Record<string, string | number>): string {
  return shopify.i18n.translate(key, replacements);
}

/** "5 credits" / "1 credit", with the number formatted for the merchant's locale. */
export function credits(count: number): string {
  return t('credits', { count, amount: shopify.i18n.formatNumber(count) });
}
