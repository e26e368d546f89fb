/**
 * Activity's large viewer is one dialog, mounted with the page: opening it again opens the same
 * element (Polaris' Modal mounted its portal, backdrop and focus trap with each opening, inside
 * the click: 440-1,712 ms at load 11-16), and it is still a modal dialog named by its title,
 * closed with Esc, focus back on the row it was opened from. The click that opens it is answered
 * by a frame with its title and buttons, its body drawn after; the key that steps to the next
 * result by a frame with the next title and the pictures' frames, the pictures drawn after (in
 * the same frame they held its paint back 190-300 ms), each at the size of its frame, as the
 * rows' thumbnails are at theirs.
 */
import type { Frame, Locator } from 'playwright-core';
import { expect, test } from 'vitest';
import { confirm, confirmation } from './support/confirm.ts';
import { eventually } from './support/eventually.ts';
import { appFrame } from './support/keyboard.ts';
import { openBulkRunForReview, RESULT_TIMEOUT_MS } from './support/merchant.ts';
import { browserSuite } from './support/suite.ts';

const suite = browserSuite('viewer-dialog', { connectedMerchant: true });

interface FirstFrame {
  title: string | null;
  /** Its body is drawn (the zoom button is there). */
  body: boolean;
  pictures: number;
}

/**
 * Records what the frame after the next `type` event draws of the open viewer: its title and how
 * many pictures. A requestAnimationFrame asked before the app's own handlers runs first in that
 * frame, before anything the app asks for after it.
 */
async function recordFirstFrame(frame: Frame, type: 'click' | 'keydown'): Promise<void> {
  await frame.evaluate((type) => {
    const listener = () =>
      requestAnimationFrame(() => {
        const viewer = document.querySelector('dialog[open]');
        const drawn: FirstFrame = {
          title: viewer?.querySelector('h2')?.textContent ?? null,
          body: !!viewer?.querySelector('button[aria-pressed]'),
          pictures: viewer?.querySelectorAll('img, video').length ?? 0,
        };
        (window as unknown as { firstFrame: FirstFrame }).firstFrame = drawn;
      });
    document.addEventListener(type, listener, { capture: true, once: true });
  }, type);
}

/** The width each picture in `within` asks Shopify's CDN for (null: none, the full size). */
function widthsAsked(within: Locator): Promise<(string | null)[]> {
  return within
    .locator('img')
    .evaluateAll((images) =>
      images.map((image) => new URL((image as HTMLImageElement).src).searchParams.get('width')),
    );
}

async function firstFrame(frame: Frame): Promise<FirstFrame> {
  const read = () =>
    frame.evaluate(() => (window as unknown as { firstFrame?: FirstFrame }).firstFrame);
  await eventually(async () => (await read()) !== undefined).toBe(true);
  return (await read())!;
}

test(
  'the viewer opens the same dialog each time, modal and named by its title',
  async () => {
    const { admin, stack } = suite;
    await openBulkRunForReview(admin, stack, 2);
    await confirmation(admin, /^Start a bulk run/);
    await confirm(admin, 'Start bulk run');
    // Both results in review, so the viewer has a next one to step to.
    await eventually(
      () => admin.app.getByText('Waiting for your review', { exact: true }).isVisible(),
      { timeout: RESULT_TIMEOUT_MS, interval: 500 },
    ).toBe(true);
    await admin.app.getByRole('link', { name: 'See its generations' }).first().click();
    await admin.app.getByLabel('State').selectOption({ label: 'Ready for review' });
    const row = admin.app.getByRole('button', { name: /^View .* larger/ }).first();
    await eventually(() => row.isVisible(), {
      timeout: RESULT_TIMEOUT_MS,
      interval: 500,
    }).toBe(true);
    const title = /^View (.*) larger/.exec((await row.getAttribute('aria-label'))!)![1]!;
    const frame = await appFrame(admin);
    // The row's original and result at the thumbnail's size (40 px), not 2,048 px each.
    expect(await widthsAsked(row)).toEqual(['40', '40']);

    await recordFirstFrame(frame, 'click');
    await row.click();
    const viewer = admin.app.getByRole('dialog', { name: new RegExp(`^${title} \\(1 of`) });
    await eventually(() => viewer.isVisible()).toBe(true);
    // The click's frame: the viewer open on its title, its body and pictures after it.
    expect(await firstFrame(frame)).toEqual({
      title: expect.stringMatching(/\(1 of/),
      body: false,
      pictures: 0,
    });
    await eventually(() => viewer.locator('img').count()).toBe(2);
    // The original and the result at the frame's size (560 px at this density), from Shopify's
    // CDN, not the full-size 2,048 px result.
    expect(await widthsAsked(viewer)).toEqual(['560', '560']);
    // → : the next result's title at once, its pictures after.
    await frame.evaluate(() => delete (window as unknown as { firstFrame?: unknown }).firstFrame);
    await recordFirstFrame(frame, 'keydown');
    await admin.page.keyboard.press('ArrowRight');
    expect(await firstFrame(frame)).toEqual({
      title: expect.stringMatching(/\(2 of/),
      body: true,
      pictures: 0,
    });
    await eventually(() => viewer.locator('img').count()).toBe(0);
    const second = admin.app.getByRole('dialog', { name: /\(2 of/ });
    await eventually(() => second.locator('img').count()).toBe(2);
    await admin.page.keyboard.press('ArrowLeft');
    await eventually(() => viewer.locator('img').count()).toBe(2);
    // Modal: the page behind it is inert.
    expect(await frame.evaluate(() => document.querySelector('dialog')?.matches(':modal'))).toBe(
      true,
    );
    await frame.evaluate(() => {
      (document.querySelector('dialog') as unknown as { marked?: boolean }).marked = true;
    });
    await admin.page.keyboard.press('Escape');
    await eventually(() => viewer.count()).toBe(0);
    await eventually(() => row.evaluate((button) => button === document.activeElement)).toBe(true);

    await row.click();
    await eventually(() => viewer.isVisible()).toBe(true);
    const same = await frame.evaluate(
      () => (document.querySelector('dialog[open]') as unknown as { marked?: boolean }).marked,
    );
    expect(same).toBe(true);
  },
  2 * RESULT_TIMEOUT_MS,
);
