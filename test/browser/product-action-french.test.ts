/**
 * The product page's action (extensions/product-generate) in French (issue 15): with the admin
 * in French (the stand-in gives an extension the locale file of the browser's language, as the
 * admin gives the staff member's), the admin names the action from its locale file (`t:name`)
 * and the action's form and started screen hold no English left behind
 * (support/english-left.ts). Each screen is read in English first, then in French.
 */
import type { FrameLocator } from 'playwright-core';
import { expect, test } from 'vitest';
import { DEFAULT_PRESETS } from '../../src/stores/shop-settings.ts';
import { openAdminPage, type AdminPage } from './support/browser.ts';
import { englishLeft, shownLines } from './support/english-left.ts';
import { eventually } from './support/eventually.ts';
import { demoProducts, productsWithImages } from './support/merchant.ts';
import { browserSuite } from './support/suite.ts';

const suite = browserSuite('product-action-french', {
  connectedMerchant: true,
  adminEachTest: false,
});

const WORDS = {
  en: {
    browser: 'en-US',
    action: 'Generate AI photo',
    cost: 'Cost',
    generate: 'Generate photo',
    started: 'Generation started',
  },
  fr: {
    browser: 'fr-FR',
    action: 'Générer une photo IA',
    cost: 'Coût',
    generate: 'Générer la photo',
    started: 'Génération lancée',
  },
} as const;
type Language = keyof typeof WORDS;

/** The product page in `language`, the action opened from "More actions" by its name there. */
async function openAction(language: Language): Promise<{ admin: AdminPage; action: FrameLocator }> {
  const [product] = await productsWithImages(suite.stack);
  const admin = await openAdminPage(
    suite.browser,
    suite.stack.frameUrl,
    { width: 1280, height: 900 },
    WORDS[language].browser,
  );
  await admin.open(`/products/${product!.numericId}`);
  await admin.page.getByRole('button', { name: 'More actions' }).click();
  await admin.page.getByRole('menuitem', { name: WORDS[language].action, exact: true }).click();
  const action = admin.page.frameLocator('dialog.action-modal iframe');
  await eventually(() => action.getByText(WORDS[language].cost, { exact: true }).isVisible()).toBe(
    true,
  );
  return { admin, action };
}

/** The shop's own words on these screens: its product titles and preset names. */
async function shopData(): Promise<string[]> {
  return [
    ...(await demoProducts(suite.stack)).map((product) => product.title),
    ...DEFAULT_PRESETS.map((preset) => preset.name),
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
    await action.getByRole('button', { name: WORDS[language].generate, exact: true }).click();
    await eventually(() => action.getByText(WORDS[language].started).isVisible()).toBe(true);
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
