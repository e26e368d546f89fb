/**
 * The app home in French: with the admin in French (the stand-in passes the browser's
 * language as `locale`, as the admin passes the merchant's), every page of the router reads in
 * French. Each page is read in English and in French and holds no English left behind
 * (support/english-left.ts). Writes the French screenshots to test-artifacts/screenshots/ (and
 * /work/evidence/fr when it exists).
 */
import { existsSync } from 'node:fs';
import { copyFile } from 'node:fs/promises';
import { expect, test } from 'vitest';
import { openAdminPage, type AdminPage } from './support/browser.ts';
import { englishLeft } from './support/english-left.ts';
import { eventually } from './support/eventually.ts';
import { DEFAULT_PRESETS } from '../../src/stores/shop-settings.ts';
import { demoProducts, makeAndTestPhoto } from './support/merchant.ts';
import { browserSuite } from './support/suite.ts';

const PAGES = [
  { path: '/', heading: { en: 'Overview', fr: 'Vue d’ensemble' }, shot: 'overview' },
  { path: '/generate', heading: { en: 'Generate', fr: 'Générer' }, shot: 'generate' },
  { path: '/activity', heading: { en: 'Activity', fr: 'Activité' } },
  { path: '/bulk-runs', heading: { en: 'Bulk runs', fr: 'Traitements groupés' } },
  { path: '/campaigns', heading: { en: 'Campaigns', fr: 'Campagnes' } },
  { path: '/experiments', heading: { en: 'Experiments', fr: 'Expériences' } },
  { path: '/settings', heading: { en: 'Settings', fr: 'Paramètres' }, shot: 'settings' },
] as const;

const EVIDENCE_DIR = '/work/evidence/fr/';

const suite = browserSuite('french', { connectedMerchant: true, adminEachTest: false });

// First, a shop with a photo made and tested against the original.
test('the merchant makes a photo and tests it (in English)', () =>
  makeAndTestPhoto(suite.stack, suite.browser));

async function visibleLines(admin: AdminPage): Promise<string[]> {
  const text = await admin.app.locator('body').innerText();
  return [
    ...new Set(
      text
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean),
    ),
  ];
}

async function openPage(locale: string, path: string, heading: string, width = 1280) {
  const admin = await openAdminPage(
    suite.browser,
    suite.stack.frameUrl,
    { width, height: 900 },
    locale,
  );
  await admin.open(path);
  await eventually(() =>
    admin.app.getByRole('heading', { name: heading, level: 1 }).isVisible(),
  ).toBe(true);
  // The page's data is in: no skeleton left (the loading page and its cards are Polaris's).
  await eventually(() => admin.app.locator('[class*="Polaris-Skeleton"]').count()).toBe(0);
  return admin;
}

for (const page of PAGES) {
  test(`${page.heading.en} has no English left in French`, async () => {
    // The shop's own words: its products, and its preset library (starter presets included:
    // the merchant edits them in Settings, and their prompts are what ProductAI reads).
    const titles = [
      ...(await demoProducts(suite.stack)).map((product) => product.title),
      ...DEFAULT_PRESETS.map((preset) => preset.name),
    ];
    const english = await openPage('en-US', page.path, page.heading.en);
    const englishLines = new Set(await visibleLines(english));
    await english.close();

    const french = await openPage('fr-FR', page.path, page.heading.fr);
    const frenchLines = await visibleLines(french);
    expect(frenchLines.length).toBeGreaterThan(10);
    expect(englishLeft(frenchLines, englishLines, titles)).toEqual([]);
    expect(await french.app.locator('html').getAttribute('lang')).toBe('fr-FR');
    expect(french.unexpectedConsoleErrors()).toEqual([]);
    if ('shot' in page) {
      const desktop = await french.screenshot(`fr-${page.shot}`);
      await french.close();
      const phone = await openPage('fr-FR', page.path, page.heading.fr, 375);
      const mobile = await phone.screenshot(`fr-${page.shot}-mobile`);
      await phone.close();
      if (existsSync(EVIDENCE_DIR)) {
        await copyFile(desktop, `${EVIDENCE_DIR}${page.shot}-1280.png`);
        await copyFile(mobile, `${EVIDENCE_DIR}${page.shot}-375.png`);
      }
    } else {
      await french.close();
    }
  });
}
