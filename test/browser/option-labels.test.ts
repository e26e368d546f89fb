/**
 * The Generate page's choices read in full at 1280 px and on a 375 px phone: no kind button and no
 * model (whichever is chosen) is cut off with an ellipsis ("Text-to-vid…"). A label is cut off when
 * its text is wider than its box: scrollWidth > clientWidth.
 */
import type { Locator } from 'playwright-core';
import { expect, test } from 'vitest';
import { KIND_LABELS, modelChoices } from '../../src/app-api/models.ts';
import type { GenerationKind } from '../../src/app-api/contract.ts';
import { browserSuite } from './support/suite.ts';
import { eventually } from './support/eventually.ts';

const suite = browserSuite('option-labels', { adminEachTest: false });
const KINDS = Object.keys(KIND_LABELS) as GenerationKind[];

/** The texts inside `scope` whose box is narrower than their text. */
function clippedTexts(scope: Locator): Promise<string[]> {
  return scope.evaluate((root) =>
    [root, ...root.querySelectorAll('*')]
      .filter((element) => element.scrollWidth > element.clientWidth && element.clientWidth > 0)
      .map((element) => element.textContent ?? ''),
  );
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 375, height: 740 },
]) {
  test(`at ${viewport.width} px every kind and every model label is shown in full`, async () => {
    const admin = await suite.openAdmin(viewport);
    await admin.open('/generate');
    const kinds = admin.app.getByRole('group', { name: 'What to make' });
    await eventually(() => kinds.isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await clippedTexts(kinds)).toEqual([]);

    const clipped: string[] = [];
    for (const kind of KINDS) {
      await kinds.getByRole('button', { name: KIND_LABELS[kind] }).click();
      const choices = modelChoices(kind);
      if (choices.length === 0) continue;
      const select = admin.app.getByLabel('Model', { exact: true });
      // Polaris draws the chosen option in a box over the native select: that box is what shows.
      const shown = admin.app.locator('.Polaris-Select', { has: select });
      for (const choice of choices) {
        await select.selectOption(choice.id);
        clipped.push(...(await clippedTexts(shown)));
      }
    }
    expect(clipped).toEqual([]);
  });
}
