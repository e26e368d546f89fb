/** The Chromium the tests drive: dev/chromium.ts's, which says why that build. */
export { launchChromium } from '../../dev/chromium.ts';
