/**
 * The parts of the admin's `shopify` global that our action extensions use, for the two places
 * that run their real bundles outside Shopify: the demo admin's action modal and the extension
 * tests (test/extensions/support/harness.ts, which hands this function to Playwright's
 * `addInitScript`, so it must stay self-contained: no imports, no outer variables).
 *
 * - `extension.target` and `data.selected` (`[{ id }]`, the resource ids the action opened on).
 * - `close()`: counted in `window.closeCalls` (the tests read it) and, inside a frame, posted to
 *   the parent page as `{ source: 'admin-extension', kind: 'close' }` (the demo closes its modal).
 * - `i18n.translate` reads the extension's real locale file (the one for the admin user's
 *   language in the demo, English in the tests), picks plural forms by `count` and
 *   fills `{{name}}` placeholders; a missing key or placeholder throws, so a string the extension
 *   shows but its locale lacks fails loudly. `formatNumber`, `formatCurrency`, `formatDate`.
 *
 * The rest of the API (the direct Admin GraphQL `query`, pickers, storage, intents) is left
 * out: the extensions do not use it (they call the app's API), and a use throws.
 */
export interface ShopifyStandInOptions {
  target: string;
  selected: string[];
  /** The extension's locale file for the admin user's language (locales/en.default.json). */
  locale: unknown;
  /** That language (BCP 47), for plural forms, numbers and dates; `en` without it. */
  language?: string;
}

export interface ShopifyStandInWindow {
  closeCalls: number;
  shopify: unknown;
}

export function installShopifyStandIn(options: ShopifyStandInOptions): void {
  const standIn = window as unknown as ShopifyStandInWindow;
  const language = options.language ?? 'en';
  const plural = new Intl.PluralRules(language);
  const lookup = (key: string): unknown =>
    key
      .split('.')
      .reduce<unknown>(
        (node, part) =>
          typeof node === 'object' && node !== null
            ? (node as Record<string, unknown>)[part]
            : undefined,
        options.locale,
      );
  standIn.closeCalls = 0;
  standIn.shopify = {
    extension: { target: options.target },
    data: { selected: options.selected.map((id) => ({ id })) },
    close: () => {
      standIn.closeCalls += 1;
      // protocol.ts's EXTENSION_MESSAGE_SOURCE, as a literal: this function runs serialized, alone.
      if (window.parent !== window)
        window.parent.postMessage({ source: 'admin-extension', kind: 'close' }, '*');
    },
    i18n: {
      translate(key: string, replacements: Record<string, string | number> = {}) {
        let entry = lookup(key);
        if (typeof entry === 'object' && entry !== null && typeof replacements.count === 'number') {
          entry = (entry as Record<string, unknown>)[plural.select(replacements.count)];
        }
        if (typeof entry !== 'string') throw new Error(`Missing translation: ${key}`);
        return entry.replace(/{{(\w+)}}/g, (_, name: string) => {
          if (!(name in replacements)) throw new Error(`Missing {{${name}}} for ${key}`);
          return String(replacements[name]);
        });
      },
      formatNumber: (value: number) => new Intl.NumberFormat(language).format(value),
      formatCurrency: (value: number, format?: Intl.NumberFormatOptions) =>
        new Intl.NumberFormat(language, { style: 'currency', currency: 'USD', ...format }).format(
          value,
        ),
      formatDate: (date: Date, format?: Intl.DateTimeFormatOptions) =>
        new Intl.DateTimeFormat(language, format).format(date),
    },
  };
}
