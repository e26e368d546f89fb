/**
 * Renders an admin action extension for real: its production bundle (built by
 * extensions/build.ts) runs in headless Chromium, with the demo admin's stand-in for the
 * `shopify` global (dev/admin-frame/browser/extension-host/shopify-global.ts, one copy for the
 * demo and the tests) and the app stand-in server answering its API calls.
 *
 * The Polaris `s-*` elements are unknown custom elements in plain Chromium, so they render as
 * bare elements carrying their attributes; the helpers below fire the events the real web
 * components fire (`input`/`change` after the value changes, `click`), which is what the
 * extensions' `onInput`/`onChange`/`onClick` props listen to.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { buildExtensions } from '../../../extensions/build.ts';
import { launchChromium } from '../../support/chromium.ts';
import {
  installShopifyStandIn,
  type ShopifyStandInWindow,
} from '../../../dev/admin-frame/browser/extension-host/shopify-global.ts';
import { startAppStandIn, type AppStandIn } from './app-stand-in.ts';

export type ExtensionFolder =
  'product-generate' | 'product-progress' | 'collection-bulk-run' | 'product-selection-bulk-run';

/** Chromium logs every 4xx/5xx fetch; those are the answers the error tests ask for. */
const EXPECTED_NETWORK_LOG =
  /^Failed to load resource: the server responded with a status of 4\d\d/;

export interface Harness {
  /**
   * Opens the extension as the admin would for these selected resource ids; `setUp` gives the
   * app stand-in its answers before the extension's first request. `language`: the merchant's,
   * whose locale file the admin gives the extension (English when absent).
   */
  open(
    folder: ExtensionFolder,
    selected: string[],
    setUp: (app: AppStandIn) => void,
    language?: string,
  ): Promise<OpenExtension>;
  close(): Promise<void>;
}

export interface OpenExtension {
  page: Page;
  app: AppStandIn;
  /** How many times the extension called `shopify.close()`. */
  closeCalls(): Promise<number>;
  /** Console errors and uncaught exceptions so far (a passing test has none). */
  errors: string[];
}

/** Builds every extension bundle into a temporary folder and starts one browser for a test file. */
async function startHarness(): Promise<Harness> {
  const outRoot = await mkdtemp(join(tmpdir(), 'extensions-'));
  const built = await buildExtensions({ outRoot });
  const bundles = new Map(built.map((extension) => [extension.folder, extension.outfile]));
  const browser: Browser = await launchChromium();
  const opened: OpenExtension[] = [];

  return {
    async open(folder, selected, setUp, language = 'en') {
      const extension = built.find((candidate) => candidate.folder === folder);
      if (!extension) throw new Error(`No extension in folder ${folder}`);
      const file = language === 'en' ? 'en.default.json' : `${language}.json`;
      const locale = JSON.parse(
        await readFile(join(extension.dir, 'locales', file), 'utf8'),
      ) as unknown;
      const app = await startAppStandIn(bundles);
      setUp(app);
      const page = await browser.newPage();
      // Everything here answers in milliseconds; a wait that lasts seconds is a failure to report.
      page.setDefaultTimeout(5_000);
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      page.on('console', (message) => {
        if (message.type() === 'error' && !EXPECTED_NETWORK_LOG.test(message.text())) {
          errors.push(message.text());
        }
      });
      await page.addInitScript(installShopifyStandIn, {
        target: extension.target,
        selected,
        locale,
        language,
      });
      const handle: OpenExtension = {
        page,
        app,
        errors,
        closeCalls: () =>
          page.evaluate(() => (window as unknown as ShopifyStandInWindow).closeCalls),
      };
      opened.push(handle);
      await page.goto(`${app.url}/host/${folder}`);
      return handle;
    },
    async close() {
      await Promise.all(
        opened.map(async ({ page, app }) => {
          await page.close();
          await app.close();
        }),
      );
      await browser.close();
      await rm(outRoot, { recursive: true, force: true });
    },
  };
}

/**
 * The harness for one test file: started before its tests and closed after them. After each
 * test, the extension it opened must have logged no console errors or uncaught exceptions.
 */
export function useHarness(): Pick<Harness, 'open'> {
  let harness: Harness;
  let opened: OpenExtension | undefined;
  beforeAll(async () => {
    harness = await startHarness();
  });
  afterAll(() => harness.close());
  afterEach(() => {
    expect(opened?.errors).toEqual([]);
    opened = undefined;
  });
  return {
    async open(folder, selected, setUp, language) {
      opened = await harness.open(folder, selected, setUp, language);
      return opened;
    },
  };
}

/** Types into a text field or area, or picks a select option: the value, then `input` and `change`. */
export async function setValue(field: Locator, value: string): Promise<void> {
  await field.evaluate((element, next) => {
    (element as HTMLElement & { value: string }).value = next;
    element.dispatchEvent(new Event('input', { bubbles: true }));
    element.dispatchEvent(new Event('change', { bubbles: true }));
  }, value);
}

/** Ticks or clears a checkbox, then `input` and `change`. */
export async function setChecked(checkbox: Locator, checked: boolean): Promise<void> {
  await checkbox.evaluate((element, next) => {
    (element as HTMLElement & { checked: boolean }).checked = next;
    element.dispatchEvent(new Event('input', { bubbles: true }));
    element.dispatchEvent(new Event('change', { bubbles: true }));
  }, checked);
}

/** The button in one of `s-admin-action`'s slots. */
export function actionButton(page: Page, slot: 'primary-action' | 'secondary-actions'): Locator {
  return page.locator(`s-admin-action > s-button[slot="${slot}"]`);
}

/** The value shown beside `label` in a summary of facts (cost, counts, budget). */
export function fact(page: Page, label: string): Locator {
  return page.locator(`s-stack:has(> s-text:text-is("${label}")) > s-text[type="strong"]`);
}

/**
 * A field's current value as the extension rendered it. Preact writes a property when the
 * element has one and an attribute otherwise; in plain Chromium the `s-*` elements gain a
 * `value` property only once a test has set one, so both are read.
 */
export async function valueOf(field: Locator): Promise<string | null> {
  return field.evaluate((element) => {
    const value = (element as HTMLElement & { value?: unknown }).value;
    return typeof value === 'string' ? value : element.getAttribute('value');
  });
}
