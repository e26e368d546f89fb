/** Settings on a 375 px phone: section headings keep their side padding off the screen's edge. */
import { expect, test } from 'vitest';
import { browserSuite } from './support/suite.ts';
import { eventually } from './support/eventually.ts';

const suite = browserSuite('settings-mobile', { adminEachTest: false });

test('at 375 px every Settings heading sits off the left edge, in line with the cards’ text', async () => {
  const admin = await suite.openAdmin({ width: 375, height: 740 });
  await admin.open('/settings');
  const headings = admin.app.getByRole('heading', { level: 2 });
  await eventually(() => headings.first().isVisible(), { timeout: 10_000 }).toBe(true);
  const frame = await admin.app.locator('body').boundingBox();

  for (const heading of await headings.all()) {
    const box = await heading.boundingBox();
    expect(box!.x - frame!.x, (await heading.textContent()) ?? '').toBeGreaterThanOrEqual(12);
  }
  await admin.screenshot('settings-375');
});
