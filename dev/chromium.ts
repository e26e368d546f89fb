/**
 * Debian's Chromium driven by playwright-core (no browser download), headless and quiet (no
 * background networking, updates or sync), for the demo's browser shoppers, the browser tests,
 * the extension tests and the front-end benchmark. CHROMIUM_PATH points at another build.
 *
 * The headless shell (Debian's chromium-headless-shell: Chromium's old headless mode, the build
 * Playwright itself runs headless) rather than the full browser in its new headless mode:
 * `browser/review` alone took 49 s of Chromium CPU with the full browser and 34 s with the shell
 * (the whole file 92 s and 75 s, all green), and the browser files are most of the suite's CPU
 * (Chromium 1,359 s of ~2,700 in a whole run). Moving the GPU process into the browser or
 * switching GPU compositing off changed nothing measurable.
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';

/** Whether the Chromium build is there (the demo runs without one). */
export const hasChromium = () => existsSync(CHROMIUM_PATH);

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}
