/**
 * Settings → Automatic photos on a 375 px phone: the card with a rule and the rule editor never
 * scroll sideways (nothing wider than the screen), and a rule saved from a preset shows it in the
 * list and, when edited again, in the editor's Preset select.
 */
import type { FrameLocator } from 'playwright-core';
import { expect, test } from 'vitest';
import { browserSuite } from './support/suite.ts';
import { eventually } from './support/eventually.ts';
import { axeViolations } from './support/axe.ts';

const suite = browserSuite('rules-mobile', { adminEachTest: false });

/**
 * The elements of the app's page that reach past the screen's right edge (their tags), but for
 * those an ancestor inside the screen clips (a visually hidden box, as the file input of the
 * Shop style card's DropZone: its box is wider than the screen, its 1 px wrapper shows nothing).
 */
function overflowing(app: FrameLocator): Promise<string[]> {
  return app.locator('html').evaluate((html) => {
    const width = html.clientWidth;
    const clipped = (element: Element) => {
      for (let parent = element.parentElement; parent; parent = parent.parentElement) {
        const { overflowX } = getComputedStyle(parent);
        const clips = overflowX === 'hidden' || overflowX === 'clip';
        if (clips && parent.getBoundingClientRect().right <= width + 0.5) return true;
      }
      return false;
    };
    return [...html.querySelectorAll('body *')]
      .filter((element) => {
        const box = element.getBoundingClientRect();
        return box.width > 0 && box.right > width + 0.5 && !clipped(element);
      })
      .map((element) => `${element.tagName.toLowerCase()}.${element.className}`);
  });
}

// The cap's error is at the bottom of a long dialog: the view must go to it, not stay put.
test('a rule saved without a daily cap takes the merchant to the cap and its error', async () => {
  const admin = await suite.openAdmin({ width: 375, height: 740 });
  await admin.open('/settings');
  await eventually(() => admin.app.getByRole('button', { name: 'Add rule' }).isVisible()).toBe(
    true,
  );
  await admin.app.getByRole('button', { name: 'Add rule' }).click();
  const editor = admin.app.getByRole('dialog', { name: 'New rule for new products' });
  await editor.getByLabel('Rule name').fill('No cap yet');
  await editor.getByLabel('Preset').selectOption({ label: 'Studio white' });
  const cap = editor.getByLabel('Daily credit cap for automatic photos');
  await cap.fill('');
  await editor.getByLabel('Rule name').focus(); // the view is at the top of the dialog

  await editor.getByRole('button', { name: 'Save rule' }).click();

  await eventually(() => cap.evaluate((input) => input === document.activeElement)).toBe(true);
  const error = editor.getByText('Set a daily credit cap: a whole number of credits, 1 or more.');
  for (const shown of [cap, error]) {
    const box = await shown.boundingBox();
    expect(box, 'on screen').not.toBeNull();
    expect(box!.y).toBeGreaterThanOrEqual(0);
    expect(box!.y + box!.height).toBeLessThanOrEqual(740);
  }
  expect(await axeViolations(admin)).toEqual([]);
});

test('at 375 px the Automatic photos card and the rule editor fit the screen', async () => {
  const admin = await suite.openAdmin({ width: 375, height: 740 });
  await admin.open('/settings');
  await eventually(() => admin.app.getByText(/^Off\. Add a rule/).isVisible()).toBe(true);
  await admin.app.getByRole('button', { name: 'Add rule' }).click();
  const editor = admin.app.getByRole('dialog', { name: 'New rule for new products' });
  await editor.getByLabel('Rule name').fill('Studio shots for every new product');
  await editor.getByLabel('Tags').fill('summer, new arrivals');
  await editor.getByLabel('Preset').selectOption({ label: 'Studio white' });
  await editor.getByLabel('Daily credit cap for automatic photos').fill('50');
  expect(await overflowing(admin.app), 'the editor at 375 px').toEqual([]);
  await admin.screenshot('rules-editor-375');
  await editor.getByRole('button', { name: 'Save rule' }).click();

  const rule = admin.app.getByRole('heading', { name: 'Studio shots for every new product' });
  await eventually(() => rule.isVisible()).toBe(true);
  expect(await admin.app.getByText(/preset “Studio white”/).isVisible()).toBe(true);
  expect(await overflowing(admin.app), 'the card at 375 px').toEqual([]);
  await admin.screenshot('rules-card-375');

  await admin.app.getByRole('button', { name: 'Edit Studio shots for every new product' }).click();
  const edit = admin.app.getByRole('dialog', { name: /^Edit/ });
  await eventually(() => edit.getByLabel('Preset').isVisible()).toBe(true);
  const chosen = await edit
    .getByLabel('Preset')
    .evaluate((select) => (select as HTMLSelectElement).selectedOptions[0]?.textContent);
  expect(chosen).toBe('Studio white');
});
