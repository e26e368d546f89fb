/**
 * The app home's modules loaded as a French admin opens it (`?locale=fr-FR`; no App Bridge in
 * these tests). Files share a process (vitest.config.ts) and the app home reads its language
 * when its i18n module loads, so a file before may have loaded it in English: the modules are
 * loaded afresh here, and forgotten after (`leaveAppHome`), so no later file reads French. A
 * `window` left behind made OpenCV's loader in a later file take Node for a browser.
 */
import { vi } from 'vitest';

export async function openAppHomeInFrench(): Promise<void> {
  vi.resetModules();
  vi.stubGlobal('window', { location: { search: '?locale=fr-FR' } });
  await (await import('../../../web/frontend/src/i18n/index.ts')).loadLanguage();
}

export function leaveAppHome(): void {
  vi.unstubAllGlobals();
  vi.resetModules();
}
