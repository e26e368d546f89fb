/**
 * axe-core in the app home's own document, inside the admin frame: only the app is checked (the
 * admin stand-in around it is not the app), every rule at every impact, the page-level ones
 * too (one main landmark, a level-one heading), since the app's document is a page of its own.
 *
 * axe-core runs where the app is, once injected into each document it looks at. Through
 * @axe-core/playwright it ran from the admin's page: each look injected axe (654 KB) into the
 * admin's page, the app's frame and a blank page it opened to merge the frames' results, and
 * sent those results (600 KB on Settings) back and forth. Five looks at Settings took 6.0 s,
 * 3.4 s of Chromium's CPU and 2.3 s of the test process's; in the app's document, 0.8 s, 0.9 s
 * and 0.07 s, with the same violations and incomplete checks (three more page-level rules
 * passed).
 */
import axe from 'axe-core';
import type { AxeResults, RunOptions } from 'axe-core';
import type { AdminPage } from './browser.ts';

export interface AxeFinding {
  rule: string;
  impact: string | null | undefined;
  targets: string[];
}

const APP_FRAME = '#app-frame';

/**
 * Polaris's primary buttons paint a light gradient over their dark fill, so axe cannot measure
 * their text's contrast and leaves it "to review" (white on #303030 lightened by 15 % at most:
 * about 9:1, above AA's 4.5:1). Any other colour pair axe cannot measure is reported.
 */
async function isPrimaryButtonText(admin: AdminPage, target: string[]): Promise<boolean> {
  if (target.length !== 1) return false;
  // Read at once, not waited for: a node gone since axe looked (a row approved meanwhile) is
  // no primary button's text, so it counts as unmeasured and axe looks again (below); waiting
  // for it timed a clean clone's run out.
  return admin.app
    .locator(target[0]!)
    .evaluateAll(
      (nodes) =>
        nodes.length === 1 && nodes[0]!.closest('.Polaris-Button--variantPrimary') !== null,
    );
}

const UNMEASURED = 'color-contrast (unmeasured)';

/** The waits before each further look when colour contrast was left unmeasured. */
const RELOOK_MS = [500, 1_000, 2_000];

/**
 * Every axe violation in the app's frame as it is now, one entry per rule, and colour contrast
 * axe could not measure (other than Polaris's primary buttons) as `color-contrast (unmeasured)`.
 * axe looks at the app at its full height: text that lies across the bottom of the view has a
 * background axe cannot tell (elmPartiallyObscuring), which an Activity row's two-line note did
 * whenever a loaded machine left it at the fold (reproduced at load 8, in every look).
 */
export async function axeViolations(admin: AdminPage): Promise<AxeFinding[]> {
  return admin.atFullHeight(async () => {
    let look = await analyze(admin);
    // A card's subdued text was left unmeasured in runs at load 12 on 2 cores and measured in
    // the same scenario at lower load: read as a frame caught mid-paint, so axe looks again, a
    // little later each time, while colour contrast is left unmeasured. A colour pair axe truly
    // cannot measure stays unmeasured through every look, so this hides nothing.
    for (const waitMs of RELOOK_MS) {
      if (look.unmeasured.length === 0) break;
      await new Promise((resolve) => setTimeout(resolve, waitMs));
      look = await analyze(admin);
    }
    const { findings, unmeasured } = look;
    if (unmeasured.length === 0) return findings;
    const targets = unmeasured.map(
      ({ selector, reason }) => `${APP_FRAME} ${selector} (${reason})`,
    );
    return [...findings, { rule: UNMEASURED, impact: 'serious', targets }];
  });
}

/** Colour contrast axe could not measure: the element (in the app's frame) and axe's reason. */
interface Unmeasured {
  selector: string;
  reason: string;
}

async function analyze(
  admin: AdminPage,
): Promise<{ findings: AxeFinding[]; unmeasured: Unmeasured[] }> {
  // axe measures the page as it stands: mid-transition (a banner sliding in, a row's text
  // moving) it saw text overlapping its neighbours, on a loaded machine only
  // ('elmPartiallyObscuring' on an Activity row just after Approve all). Spinners run for
  // ever, so only animations with an end are awaited.
  await admin.app.locator('body').evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const results = await axeIn(admin, APP_FRAME);
  const findings: AxeFinding[] = results.violations.map((violation) => ({
    rule: violation.id,
    impact: violation.impact,
    targets: violation.nodes.map((node) => node.target.join(' ')),
  }));
  const unmeasured: Unmeasured[] = [];
  for (const node of results.incomplete.find((rule) => rule.id === 'color-contrast')?.nodes ?? []) {
    const target = node.target as string[];
    if (await isPrimaryButtonText(admin, target)) continue;
    const reason = (node.any[0]?.data as { messageKey?: string } | undefined)?.messageKey;
    unmeasured.push({ selector: target.join(' '), reason: reason ?? 'no reason given' });
  }
  return { findings, unmeasured };
}

/**
 * Progress bars whose value is not a whole percent: a screen reader reads the value as it is
 * ("42.857142857142854%"). Each as `label: value`.
 */
export async function fractionalProgressBars(admin: AdminPage): Promise<string[]> {
  return admin.app.locator('progress, [role=progressbar]').evaluateAll((bars) =>
    bars
      .map((bar) => ({
        label: bar.getAttribute('aria-label') ?? bar.id,
        value: Number(bar.getAttribute('aria-valuenow') ?? (bar as HTMLProgressElement).value),
      }))
      .filter(({ value }) => !Number.isInteger(value))
      .map(({ label, value }) => `${label}: ${value}`),
  );
}

/**
 * axe-core's findings in the document of the admin page's frame `frameSelector`, as it is now:
 * violations and incomplete checks (what the tests read), every rule but those `disabled`.
 */
export async function axeIn(
  admin: AdminPage,
  frameSelector: string,
  disabled: string[] = [],
): Promise<AxeResults> {
  const frame = await (await admin.page.$(frameSelector))?.contentFrame();
  if (!frame) throw new Error(`no ${frameSelector} on the admin page`);
  if (!(await frame.evaluate(() => 'axe' in window))) await frame.evaluate(axe.source);
  const options: RunOptions = {
    resultTypes: ['violations', 'incomplete'],
    rules: Object.fromEntries(disabled.map((rule) => [rule, { enabled: false }])),
  };
  return frame.evaluate(
    (runOptions) => (window as unknown as { axe: typeof axe }).axe.run(document, runOptions),
    options,
  );
}
