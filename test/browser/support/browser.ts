/**
 * The admin page the browser tests work in (Chromium from test/support/chromium.ts): the app
 * inside the admin frame, every console error collected (a test fails on any it did not
 * expect; a Content-Security-Policy violation counts as one), screenshots of whole pages written to test-artifacts/screenshots/.
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Browser, FrameLocator, Page } from 'playwright-core';

const SCREENSHOT_DIR = fileURLToPath(
  new URL('../../../test-artifacts/screenshots/', import.meta.url),
);
const TOPBAR_HEIGHT = 56;

export interface ConsoleError {
  text: string;
  url: string;
}

export interface AdminPage {
  page: Page;
  /** The app inside the admin's iframe. */
  app: FrameLocator;
  /**
   * Opens the admin frame on a page of the app (`/settings`), or an admin page (`/products`,
   * `/collections`, with their ids).
   */
  open(path: string): Promise<void>;
  /** Expect console errors matching this (e.g. the 400 of a refused key) in this test only. */
  allowConsoleErrors(pattern: RegExp): void;
  /** The console errors nobody allowed, since the page opened. */
  unexpectedConsoleErrors(): ConsoleError[];
  /** The whole page, the app's content included at its full height. */
  screenshot(name: string): Promise<string>;
  /**
   * Runs `look` with the page as tall as the app's content (then back to its size), so nothing
   * of the app lies across the bottom of the view.
   */
  atFullHeight<T>(look: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export async function openAdminPage(
  browser: Browser,
  frameUrl: string,
  viewport = { width: 1280, height: 900 },
  /** The browser's language, which the admin stand-in passes to the app as its `locale`. */
  locale?: string,
  /** The browser's clock (an IANA zone): the machine's unless given. */
  timezoneId?: string,
): Promise<AdminPage> {
  const context = await browser.newContext({ viewport, locale, timezoneId });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  // A Content-Security-Policy violation is the browser's own log line, not a console call, so
  // Playwright never reports it: every frame (the app's included) says it as a console error,
  // and a test fails on a script, image or connection the app home's policy refuses.
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`CSP violation: ${event.violatedDirective} refused ${event.blockedURI}`);
    });
  });
  const page = await context.newPage();
  const errors: ConsoleError[] = [];
  const allowed: RegExp[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error')
      errors.push({ text: message.text(), url: message.location().url });
  });
  page.on('pageerror', (error) =>
    errors.push({ text: `${error.name}: ${error.message}`, url: page.url() }),
  );

  async function atFullHeight<T>(look: () => Promise<T>): Promise<T> {
    const size = page.viewportSize() ?? viewport;
    const frame = await (await page.$('#app-frame'))?.contentFrame();
    const contentHeight = frame
      ? await frame.evaluate(() => document.documentElement.scrollHeight).catch(() => 0)
      : 0;
    const height = Math.max(size.height, contentHeight + TOPBAR_HEIGHT);
    if (height !== size.height) await page.setViewportSize({ width: size.width, height });
    try {
      return await look();
    } finally {
      if (height !== size.height) await page.setViewportSize(size);
    }
  }
  return {
    page,
    app: page.frameLocator('#app-frame'),
    async open(path) {
      const isAdminPage = /^\/(products|collections)\b/.test(path);
      await page.goto(
        isAdminPage ? `${frameUrl}${path}` : `${frameUrl}/?path=${encodeURIComponent(path)}`,
      );
    },
    allowConsoleErrors(pattern) {
      allowed.push(pattern);
    },
    unexpectedConsoleErrors() {
      return errors.filter(
        (error) => !allowed.some((pattern) => pattern.test(`${error.url} ${error.text}`)),
      );
    },
    async screenshot(name) {
      mkdirSync(SCREENSHOT_DIR, { recursive: true });
      const path = `${SCREENSHOT_DIR}${name}.png`;
      await atFullHeight(() => page.screenshot({ path, fullPage: true }));
      return path;
    },
    atFullHeight,
    close: () => context.close(),
  };
}
