/**
 * Debian's Chromium driven by playwright-core (no browser download), headless and quiet (no
 * background networking, updates or sync), for the browser tests, the extension tests and the
 * front-end benchmark. CHROMIUM_PATH points at another build.
 */
import { chromium, type Browser } from 'playwright-core';

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
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
