/**
 * What every scenario file of the browser tests sets up: its stack (a shop and a ProductAI
 * account of its own on its test process's stack, stack.ts) and a browser before its tests, the
 * browser closed after them, and each test's admin page, checked and closed by finishTest after
 * the test.
 */
import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { launchChromium } from '../../support/chromium.ts';
import { openAdminPage, type AdminPage } from './browser.ts';
import { finishTest } from './finish-test.ts';
import { connectMerchant } from './merchant.ts';
import { stackForFile, type Stack } from './stack.ts';

export interface BrowserSuite {
  readonly stack: Stack;
  readonly browser: Browser;
  /** This test's admin page. */
  readonly admin: AdminPage;
  /**
   * Opens this test's admin page at another viewport size, or with the browser on another clock
   * (`timezoneId`), with `adminEachTest: false`; a second call closes the first page, after the
   * checks every test's page gets.
   */
  openAdmin(
    viewport?: { width: number; height: number },
    options?: { timezoneId?: string },
  ): Promise<AdminPage>;
}

export interface BrowserSuiteOptions {
  /** The merchant saves the ProductAI key and connects the webhook before the tests. */
  connectedMerchant?: boolean;
  /** Opens an admin page before each test (default); false: tests call openAdmin. */
  adminEachTest?: boolean;
  /**
   * ProductAI's rate limit window: compressed to 6 s by default (stack.ts); the contract's
   * minute for a file whose words or timing depend on it (the estimate's "15 a minute", a run
   * cancelled while its requests are still being paced out).
   */
  rateLimitWindowMs?: number;
  /** The store also sells products in several colours (the Shopify emulator's colourProducts). */
  colourProducts?: boolean;
  /** The worker runs the real product check (a stack of its own; the others run none). */
  realCheck?: boolean;
}

/**
 * `name` names the file's shop (the app's logs tell the files apart by it). Call at the top of a
 * test file.
 */
export function browserSuite(name: string, options: BrowserSuiteOptions = {}): BrowserSuite {
  let stack: Stack | undefined;
  let browser: Browser | undefined;
  let admin: AdminPage | undefined;
  const started = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`${what} is not open (outside a test?)`);
    return value;
  };

  beforeAll(async () => {
    [stack, browser] = await Promise.all([
      stackForFile(name, {
        rateLimitWindowMs: options.rateLimitWindowMs,
        colourProducts: options.colourProducts,
        realCheck: options.realCheck,
      }),
      launchChromium(),
    ]);
    if (options.connectedMerchant) await connectMerchant(stack!);
  });
  afterAll(async () => {
    await browser?.close();
  });
  if (options.adminEachTest !== false) {
    beforeEach(async () => {
      admin = await openAdminPage(
        started(browser, 'The browser'),
        started(stack, 'The stack').frameUrl,
      );
    });
  }
  afterEach(async ({ task }) => {
    await finishTest(admin, stack, task);
    admin = undefined;
  });

  return {
    get stack() {
      return started(stack, 'The stack');
    },
    get browser() {
      return started(browser, 'The browser');
    },
    get admin() {
      return started(admin, 'The admin page');
    },
    async openAdmin(viewport, options = {}) {
      if (admin) await finishTest(admin, stack, { name: 'before another page' });
      admin = await openAdminPage(
        this.browser,
        this.stack.frameUrl,
        viewport,
        undefined,
        options.timezoneId,
      );
      return admin;
    },
  };
}
