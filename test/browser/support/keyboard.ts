/**
 * Going through the app home with the Tab key only, as a keyboard user does: where focus lands,
 * in order, whether it can be seen there, and what could be reached but never was.
 */
import type { Frame } from 'playwright-core';
import type { AdminPage } from './browser.ts';

export interface TabStop {
  /** Role-ish tag and accessible name, e.g. `button "Select product"`. */
  name: string;
  /** The pixels around the element change when it takes focus (a focus ring is drawn). */
  focusVisible: boolean;
}

/** The app's document inside the admin frame. */
export async function appFrame(admin: AdminPage): Promise<Frame> {
  const frame = await (await admin.page.$('#app-frame'))?.contentFrame();
  if (!frame) throw new Error('The app frame is not there');
  return frame;
}

/**
 * How an element is named in a test's expectations: its role or tag and its name (aria-label,
 * aria-labelledby, its label or its own content; images by their alt, aria-hidden parts left out).
 */
function nameOf(element: Element): string {
  const text = (node: Node): string => {
    if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? '';
    if (!(node instanceof Element) || node.getAttribute('aria-hidden') === 'true') return '';
    if (node instanceof HTMLImageElement) return node.alt;
    return [...node.childNodes].map(text).join(' ');
  };
  const labelledBy = element.getAttribute('aria-labelledby');
  const labels = (element as HTMLInputElement).labels;
  const labelledByElement = labelledBy ? document.getElementById(labelledBy) : null;
  const name =
    element.getAttribute('aria-label') ??
    (labelledByElement ? text(labelledByElement) : null) ??
    (labels && labels.length > 0 ? text(labels[0]!) : null) ??
    text(element);
  const kind = element.getAttribute('role') ?? element.tagName.toLowerCase();
  return `${kind} "${name.replace(/\s+/g, ' ').trim()}"`;
}

/** The focused element's box in the page's coordinates, a few pixels wider for its ring. */
async function focusedClip(frame: Frame) {
  const handle = await frame.evaluateHandle(() => document.activeElement);
  const box = await handle.asElement()?.boundingBox();
  await handle.dispose();
  if (!box) return null;
  const margin = 4;
  return {
    x: Math.max(0, box.x - margin),
    y: Math.max(0, box.y - margin),
    width: box.width + 2 * margin,
    height: box.height + 2 * margin,
  };
}

/**
 * Presses Tab from where focus is until it leaves the app or comes back to a stop it already
 * passed (a dialog keeps focus inside), recording each stop and whether focus shows
 * there: the element's surroundings are photographed focused and again with focus taken away
 * (then given back, so the next Tab continues from it).
 */
export async function tabThrough(
  admin: AdminPage,
  options: { limit?: number } = {},
): Promise<TabStop[]> {
  const frame = await appFrame(admin);
  const stops: TabStop[] = [];
  const seen = new Set<string>();
  for (let step = 0; step < (options.limit ?? 100); step += 1) {
    await admin.page.keyboard.press('Tab');
    const marker = await frame.evaluate(() => {
      const element = document.activeElement as HTMLElement | null;
      if (!element || element === document.body || !document.hasFocus()) return null;
      element.dataset.tabStop ??= String(document.querySelectorAll('[data-tab-stop]').length);
      return element.dataset.tabStop;
    });
    if (marker === null || seen.has(marker)) break;
    seen.add(marker);
    const focusedHandle = await frame.evaluateHandle(() => document.activeElement!);
    const name = await focusedHandle.evaluate(nameOf);
    await focusedHandle.dispose();
    const clip = await focusedClip(frame);
    let focusVisible = false;
    if (clip) {
      const focused = await admin.page.screenshot({ clip });
      await frame.evaluate(() => (document.activeElement as HTMLElement).blur());
      const blurred = await admin.page.screenshot({ clip });
      await frame.evaluate(
        (id) => document.querySelector<HTMLElement>(`[data-tab-stop="${id}"]`)?.focus(),
        marker,
      );
      focusVisible = !focused.equals(blurred);
    }
    stops.push({ name, focusVisible });
  }
  return stops;
}

/**
 * Everything in the app a person could act on (links, buttons, fields) that is shown, enabled
 * and not taken out of the Tab order, named as tabThrough names stops: what Tab must reach.
 */
export async function actionable(admin: AdminPage, within = 'body'): Promise<string[]> {
  const frame = await appFrame(admin);
  const handles = await frame.$$(
    `${within} :is(a[href], button, input, select, textarea, [tabindex]):not([disabled]):not([tabindex="-1"]):not([type=hidden])`,
  );
  const names: string[] = [];
  for (const handle of handles) {
    if (await handle.isVisible()) names.push(await handle.evaluate(nameOf));
  }
  return names;
}

/** Presses Tab until focus is on the element named like `name` (as tabThrough names it). */
export async function tabTo(admin: AdminPage, name: RegExp, limit = 100): Promise<void> {
  const frame = await appFrame(admin);
  for (let step = 0; step < limit; step += 1) {
    await admin.page.keyboard.press('Tab');
    const focused = await frame.evaluateHandle(() =>
      document.hasFocus() ? document.activeElement : null,
    );
    const element = focused.asElement();
    const current = element ? await element.evaluate(nameOf) : '';
    await focused.dispose();
    if (name.test(current)) return;
  }
  throw new Error(`Tab never reached ${name}`);
}
