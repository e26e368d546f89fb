/**
 * A merchant's working session, page by page, with what each page made them feel (vitals.ts):
 * Generate (pick a product, switch kinds, choose a model, generate, wait for the result), Bulk
 * runs (switch Photo and Video, start a run over a collection of eleven or more products, follow
 * it until its results wait for review) and Activity (the results waiting for review, the large
 * viewer opened on the first, ten steps with →, zoom with Z).
 * The browser test holds its CLS to the goal and the front-end bench prints it with INP.
 */
import type { Frame } from 'playwright-core';
import type { AdminPage } from './browser.ts';
import { confirm } from './confirm.ts';
import { eventually } from './eventually.ts';
import { appFrame } from './keyboard.ts';
import {
  pickInResourcePicker,
  productsWithImages,
  RESULT_TIMEOUT_MS,
  setReviewMode,
  smallestCollection,
  waitForProgressState,
} from './merchant.ts';
import type { Stack } from './stack.ts';
import { pageVitals, recordPageVitals, type PageVitals } from './vitals.ts';

/** Steps through ten results: a run of eleven products or more. */
const STEPS = 10;

export interface SessionPage {
  path: '/generate' | '/bulk-runs' | '/activity';
  vitals: PageVitals;
}

/**
 * Where the viewer's zoomed result is scrolled, as a fraction of how far it can scroll each way
 * (0.5, 0.5: centred), read after the session's Z.
 */
export interface ZoomPosition {
  x: number;
  y: number;
}

export interface MerchantSession {
  pages: SessionPage[];
  zoom: ZoomPosition;
}

/*
 * The waits find what they wait for by CSS, not by role: Playwright runs its queries in the
 * page's main thread, and a role query computes the accessible name of every button on the page
 * (Activity's table and viewer: one 268 ms task at load 20), which held back the paint of the
 * click or key it followed, the very figure this session measures. The pages' roles and names
 * are checked by the accessibility, keyboard and review tests.
 */
/** The large viewer: the open one of the page's `<dialog>` (it stays mounted when closed). */
const DIALOG = 'dialog[open]';

/** Photo, Video or Upscale, as the merchant switches: the next click once the page shows it. */
async function switchKind(admin: AdminPage, kind: string): Promise<void> {
  const named = { hasText: new RegExp(`^${kind}$`) };
  await admin.app.locator('button[aria-pressed]', named).click();
  await eventually(() => admin.app.locator('button[aria-pressed="true"]', named).count()).toBe(1);
}

export async function merchantSession(admin: AdminPage, stack: Stack): Promise<MerchantSession> {
  await setReviewMode(admin, true);
  await recordPageVitals(admin);
  const pages: SessionPage[] = [];
  const done = async (path: SessionPage['path'], frame: Frame) => {
    pages.push({ path, vitals: await pageVitals(frame) });
  };

  // Generate: pick, switch kinds, choose a model, generate, the result.
  const [product] = await productsWithImages(stack);
  await admin.open('/generate');
  let frame = await appFrame(admin);
  await admin.app.getByRole('button', { name: 'Select product' }).click();
  await pickInResourcePicker(admin, 'Select product', product!.title);
  await eventually(() =>
    admin.app.getByText(product!.title, { exact: true }).first().isVisible(),
  ).toBe(true);
  for (const kind of ['Video', 'Upscale', 'Photo']) await switchKind(admin, kind);
  const model = admin.app.getByLabel('Model', { exact: true });
  const models = await model
    .locator('option')
    .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
  await model.selectOption(models.at(-1)!);
  await model.selectOption(models[0]!);
  await admin.app.getByLabel('Preset').selectOption({ label: 'Studio white' });
  await admin.app.getByRole('button', { name: /^Generate photo for \d+ credits?$/ }).click();
  await waitForProgressState(admin, 'Ready for review');
  await eventually(() => admin.app.getByTestId('pixel-sizes').isVisible(), {
    timeout: RESULT_TIMEOUT_MS,
  }).toBe(true);
  await done('/generate', frame);

  // Bulk runs: switch kinds, start a run of eleven products or more.
  await admin.open('/bulk-runs');
  frame = await appFrame(admin);
  await admin.app.getByRole('button', { name: 'Select collection' }).click();
  await pickInResourcePicker(
    admin,
    'Select collection',
    await smallestCollection(stack, STEPS + 1),
  );
  for (const kind of ['Video', 'Photo', 'Video', 'Photo']) await switchKind(admin, kind);
  await admin.app.getByLabel('Preset').selectOption({ label: 'Studio white' });
  const start = admin.app.getByRole('button', { name: 'Start bulk run' });
  await eventually(() => start.isEnabled()).toBe(true);
  await start.click();
  await confirm(admin, 'Start bulk run');
  // Its card follows the run until every result waits for review.
  await eventually(
    () => admin.app.getByText('Waiting for your review', { exact: true }).isVisible(),
    {
      timeout: RESULT_TIMEOUT_MS,
      interval: 500,
    },
  ).toBe(true);
  await done('/bulk-runs', frame);

  // Activity: the run's results waiting for review, the viewer, ten steps, zoom.
  await admin.open('/activity');
  frame = await appFrame(admin);
  await admin.app.getByLabel('State').selectOption({ label: 'Ready for review' });
  const rows = admin.app.locator('button[aria-label^="View "][aria-label*=" larger"]');
  await eventually(() => rows.count(), {
    timeout: RESULT_TIMEOUT_MS,
    interval: 500,
  }).toBeGreaterThan(STEPS);
  await rows.first().click();
  const viewer = admin.app.locator(DIALOG);
  await eventually(() => viewer.getByTestId('pixel-size').filter({ hasText: /px$/ }).count()).toBe(
    2,
  );
  for (let step = 2; step <= STEPS + 1; step += 1) {
    await admin.page.keyboard.press('ArrowRight');
    await eventually(() =>
      viewer.locator('h2', { hasText: new RegExp(`\\(${step} of \\d+`) }).count(),
    ).toBe(1);
    await eventually(() =>
      viewer.getByTestId('pixel-size').filter({ hasText: /px$/ }).count(),
    ).toBe(2);
  }
  await admin.page.keyboard.press('z');
  const zoomed = viewer.locator('img[alt$=": generated image"]');
  await eventually(() => zoomed.evaluate((image) => (image as HTMLImageElement).complete)).toBe(
    true,
  );
  const zoom = await zoomed.evaluate((image) => {
    let frameElement = image.parentElement!;
    while (frameElement.scrollHeight <= frameElement.clientHeight && frameElement.parentElement) {
      frameElement = frameElement.parentElement;
    }
    const share = (scrolled: number, room: number) => (room > 0 ? scrolled / room : 0.5);
    return {
      x: share(frameElement.scrollLeft, frameElement.scrollWidth - frameElement.clientWidth),
      y: share(frameElement.scrollTop, frameElement.scrollHeight - frameElement.clientHeight),
    };
  });
  await admin.page.keyboard.press('Escape');
  await eventually(() => viewer.count()).toBe(0);
  await done('/activity', frame);
  return { pages, zoom };
}
