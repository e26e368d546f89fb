/**
 * The product page's action (extensions/product-generate) in French: with the admin
 * in French (the stand-in gives an extension the locale file of the browser's language, as the
 * admin gives the staff member's), the admin names the action from its locale file (`t:name`)
 * and the action's form and started screen hold no English left behind
 * (support/english-left.ts); nor do the collection's bulk-run action and its confirmation (the
 * code the product list's bulk action shares). Each screen is read in English, then in French.
 */
import type { FrameLocator } from 'playwright-core';
import { expect, test } from 'vitest';
import { DEFAULT_PRESETS } from '../../src/stores/shop-settings.ts';
import { openAdminPage, type AdminPage } from './support/browser.ts';
import { englishLeft, shownLines } from './support/english-left.ts';
import { eventually } from './support/eventually.ts';
import { demoProducts, openAdminAction, productsWithImages } from './support/merchant.ts';
import { browserSuite } from './support/suite.ts';

const suite = browserSuite('product-action-french', {
  connectedMerchant: true,
  adminEachTest: false,
});

const BROWSER = { en: 'en-US', fr: 'fr-FR' } as const;
type Language = keyof typeof BROWSER;

/** Each action's name in the admin and a line its form shows once it is loaded. */
const ACTIONS = {
  product: {
    en: { name: 'Generate AI photo', loaded: 'Cost' },
    fr: { name: 'Générer une photo IA', loaded: 'Coût' },
  },
  collection: {
    en: { name: 'Generate AI photos for this collection', loaded: 'Estimated total' },
    fr: { name: 'Générer des photos IA pour cette collection', loaded: 'Total estimé' },
  },
} as const;

/** The admin page of a product (or collection) with images, in `language`. */
async function adminPage(language: Language, page: 'product' | 'collection'): Promise<AdminPage> {
  const [product] = await productsWithImages(suite.stack);
  const admin = await openAdminPage(
    suite.browser,
    suite.stack.frameUrl,
    { width: 1280, height: 900 },
    BROWSER[language],
  );
  await admin.open(
    page === 'product'
      ? `/products/${product!.numericId}`
      : `/collections/${product!.collections[0]!.id.split('/').pop()}`,
  );
  return admin;
}

/** The page's action opened from "More actions" by its name in `language`, once loaded. */
async function openAction(
  language: Language,
  page: 'product' | 'collection' = 'product',
): Promise<{ admin: AdminPage; action: FrameLocator }> {
  const admin = await adminPage(language, page);
  const { name, loaded } = ACTIONS[page][language];
  const action = await openAdminAction(admin, name);
  await eventually(() => action.getByText(loaded, { exact: true }).isVisible()).toBe(true);
  return { admin, action };
}

/** The shop's own words on these screens: its product titles, its presets' names and prompts. */
async function shopData(): Promise<string[]> {
  return [
    ...(await demoProducts(suite.stack)).map((product) => product.title),
    ...DEFAULT_PRESETS.flatMap((preset) => [preset.name, preset.prompt]),
  ];
}

test('in French, the admin names the action in French and its form has no English left', async () => {
  const english = await openAction('en');
  const englishLines = new Set(await shownLines(english.action));
  await english.admin.close();

  const french = await openAction('fr');
  try {
    const frenchLines = await shownLines(french.action);
    expect(frenchLines.length).toBeGreaterThan(10);
    expect(englishLeft(frenchLines, englishLines, await shopData())).toEqual([]);
    expect(await french.action.locator('html').getAttribute('lang')).toBe('fr');
    await french.admin.screenshot('fr-product-action');
    expect(french.admin.unexpectedConsoleErrors()).toEqual([]);
  } finally {
    await french.admin.close();
  }
});

test("in French, the action's started screen has no English left", async () => {
  const startedLines = async (language: Language) => {
    const { admin, action } = await openAction(language);
    const words = {
      en: { generate: 'Generate photo', started: 'Generation started' },
      fr: { generate: 'Générer la photo', started: 'Génération lancée' },
    }[language];
    await action.getByRole('button', { name: words.generate, exact: true }).click();
    await eventually(() => action.getByText(words.started).isVisible()).toBe(true);
    return { admin, lines: await shownLines(action) };
  };
  const english = await startedLines('en');
  await english.admin.close();

  const french = await startedLines('fr');
  try {
    expect(englishLeft(french.lines, new Set(english.lines), await shopData())).toEqual([]);
    await french.admin.screenshot('fr-product-action-started');
    expect(french.admin.unexpectedConsoleErrors()).toEqual([]);
  } finally {
    await french.admin.close();
  }
});

test("in French, the collection's bulk-run action and its confirmation have no English left", async () => {
  const read = async (language: Language) => {
    const { admin, action } = await openAction(language, 'collection');
    const form = await shownLines(action);
    const next = { en: 'Review', fr: 'Continuer' }[language];
    await action.getByRole('button', { name: next, exact: true }).click();
    const heading = { en: 'Confirm bulk run', fr: 'Confirmer le traitement groupé' }[language];
    await eventually(() => action.getByRole('heading', { name: heading }).isVisible()).toBe(true);
    return { admin, form, confirmation: await shownLines(action) };
  };
  const english = await read('en');
  await english.admin.close();

  const french = await read('fr');
  try {
    const data = await shopData();
    expect(englishLeft(french.form, new Set(english.form), data)).toEqual([]);
    expect(englishLeft(french.confirmation, new Set(english.confirmation), data)).toEqual([]);
    await french.admin.screenshot('fr-collection-action-confirmation');
    expect(french.admin.unexpectedConsoleErrors()).toEqual([]);
  } finally {
    await french.admin.close();
  }
});
