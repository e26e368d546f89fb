/**
 * Where the merchant sees the fidelity check: a changed result's badge and findings in Activity,
 * the large viewer's outline of what changed and its reason above the pictures (read first on a
 * phone), a bulk run's changed results filtered and rejected together, and the fidelity guard
 * in Settings. Real app, real pipeline, both emulators, in Chromium inside the admin frame; the
 * check's report is the scripted checker's (support/fidelity-reports.ts says why); the real
 * check's on a product ProductAI changed: fidelity-real-check.test.ts.
 */
import { expect, test } from 'vitest';
import { axeViolations } from './support/axe.ts';
import { confirm as answerConfirmation } from './support/confirm.ts';
import { eventually } from './support/eventually.ts';
import { markChanged, markChangedIds, productTitles } from './support/fidelity-reports.ts';
import { openAdminPage } from './support/browser.ts';
import {
  followedGeneration,
  generatePhoto,
  openBulkRunForReview,
  productsWithImages,
  RESULT_TIMEOUT_MS,
  setReviewMode,
  waitForProgressState,
} from './support/merchant.ts';
import { browserSuite } from './support/suite.ts';

/**
 * The fewest products of a bulk run here: the smallest such collection keeps its run within
 * ProductAI's rate limit.
 */
const RUN_PRODUCTS = 3;

const TEST_TIMEOUT_MS = 4 * RESULT_TIMEOUT_MS;

const suite = browserSuite('fidelity', { connectedMerchant: true });

test(
  'a changed result shows its badge and plain-worded finding in Activity; the viewer outlines what changed',
  async () => {
    const { admin, stack } = suite;
    await setReviewMode(admin, true);
    const [product] = await productsWithImages(stack);
    await generatePhoto(admin, product!, 'Studio white');
    await waitForProgressState(admin, 'Ready for review');
    await markChanged(stack, 1);

    await admin.open('/activity?state=in_review');
    const row = admin.app.getByRole('row').filter({ hasText: product!.title });
    await eventually(() => row.getByText('Changed', { exact: true }).isVisible()).toBe(true);
    expect(await row.getByText('the white part has another colour').isVisible()).toBe(true);

    await row.getByRole('button', { name: /^View .* larger/ }).click();
    const viewer = admin.app.getByRole('dialog');
    const outline = viewer.getByTestId('fidelity-outline');
    await eventually(() => outline.isVisible()).toBe(true);
    // The outline sits on the result where the report says: 20-70 % across, 25-85 % down.
    const box = await outline.locator('rect').boundingBox();
    expect(box).not.toBeNull();
    // The picture inside the img's box (object-fit: contain leaves bands on two sides).
    const result = viewer.getByRole('img', { name: /generated image/i });
    const element = (await result.boundingBox())!;
    const natural = await result.evaluate((img: HTMLImageElement) => ({
      width: img.naturalWidth,
      height: img.naturalHeight,
    }));
    const scale = Math.min(element.width / natural.width, element.height / natural.height);
    const rendered = {
      x: element.x + (element.width - natural.width * scale) / 2,
      y: element.y + (element.height - natural.height * scale) / 2,
      width: natural.width * scale,
      height: natural.height * scale,
    };
    expect((box!.x - rendered.x) / rendered.width).toBeCloseTo(0.2, 1);
    expect((box!.y - rendered.y) / rendered.height).toBeCloseTo(0.25, 1);
    expect(box!.width / rendered.width).toBeCloseTo(0.5, 1);
    expect(await viewer.getByText('Changed', { exact: true }).isVisible()).toBe(true);
    // Said in plain words beside the outline: what and where, no ΔE, score nor percentage.
    expect(await viewer.getByText('the white part has another colour').isVisible()).toBe(true);
    expect(
      await viewer
        .getByText('Outlined on the result: where the check saw the difference.')
        .isVisible(),
    ).toBe(true);
    expect(await viewer.textContent()).not.toMatch(/ΔE|\d %|score/i);
    expect(await axeViolations(admin)).toEqual([]);

    await admin.screenshot('fidelity-changed-viewer');
    await admin.page.setViewportSize({ width: 375, height: 800 });
    await eventually(() => outline.isVisible()).toBe(true);
    // The admin's sidebar slides away on a narrow screen: wait until it is off screen.
    const sidebar = admin.page.locator('.sidebar');
    await eventually(async () => {
      const box = await sidebar.boundingBox();
      return box ? box.x + box.width : 0;
    }).toBeLessThanOrEqual(0);
    // On a phone the reason is read first: under the badge, above the pictures, on screen.
    const finding = await viewer.getByText('the white part has another colour').boundingBox();
    const picture = await result.boundingBox();
    expect(finding!.y + finding!.height).toBeLessThanOrEqual(800);
    expect(finding!.y).toBeLessThan(picture!.y);
    await admin.screenshot('fidelity-changed-viewer-375');
    await admin.page.setViewportSize({ width: 1280, height: 900 });
  },
  TEST_TIMEOUT_MS,
);

test(
  "a bulk run's changed results: filtered, then rejected together after a confirmation with numbers",
  async () => {
    const { admin, stack } = suite;
    await openBulkRunForReview(admin, suite.stack, RUN_PRODUCTS);
    await answerConfirmation(admin, 'Start bulk run');
    await admin.app.getByRole('link', { name: 'See its generations' }).first().click();
    const runSummary = admin.app.getByText(/waiting for review, \d+ published/);
    await eventually(() => runSummary.textContent(), {
      timeout: RESULT_TIMEOUT_MS,
      interval: 500,
    }).toMatch(/^[3-9] results waiting for review, 0 published\.$/);
    const inReview = Number(/^\d+/.exec((await runSummary.textContent())!)![0]);
    const frame = await (await admin.page.$('#app-frame'))!.contentFrame();
    const bulkRunId = new URL(frame!.url()).searchParams.get('bulkRunId')!;
    await markChanged(stack, 2, bulkRunId);

    // The run's card counts them; the filter shows only them.
    await admin.open(`/activity?bulkRunId=${bulkRunId}`);
    await eventually(() =>
      admin.app
        .getByText('2 changed results wait for review: look at each before approving.')
        .isVisible(),
    ).toBe(true);
    await admin.app.getByLabel('Product check').selectOption({ label: 'Changed' });
    const rows = admin.app.getByRole('button', { name: /^View .* larger/ });
    await eventually(() => rows.count()).toBe(2);

    await admin.app.getByRole('button', { name: 'Reject all changed (2)' }).click();
    const confirm = admin.app.getByRole('dialog', { name: 'Reject 2 results on 2 products?' });
    await confirm.getByRole('button', { name: 'Reject 2 results' }).click();
    await eventually(() => runSummary.textContent(), {
      timeout: RESULT_TIMEOUT_MS,
      interval: 500,
    }).toMatch(new RegExp(`^${inReview - 2} results? waiting for review`));
    await admin.app.getByLabel('State').selectOption({ label: 'Ready for review' });
    await eventually(() => rows.count()).toBe(0);
    await setReviewMode(admin, false);
  },
  TEST_TIMEOUT_MS,
);

test(
  'a held result shows on the Generate page that it is held and why',
  async () => {
    const { admin, stack } = suite;
    await setReviewMode(admin, true);
    const [, product] = await productsWithImages(stack);
    await generatePhoto(admin, product!, 'Studio white');
    await waitForProgressState(admin, 'Ready for review');
    await markChangedIds(stack, [(await followedGeneration(admin))!]);

    // The page reads the generation again while it waits for the merchant.
    const held = admin.app.getByText(/^Held for your review: the product check found a difference/);
    await eventually(() => held.isVisible(), { timeout: RESULT_TIMEOUT_MS }).toBe(true);
    expect(await admin.app.getByText('Changed', { exact: true }).isVisible()).toBe(true);
    expect(await admin.app.getByText('the white part has another colour').isVisible()).toBe(true);
    expect(await admin.app.getByText(/approve it to add it to the product/).count()).toBe(0);
    await setReviewMode(admin, false);
  },
  TEST_TIMEOUT_MS,
);

test(
  "Overview's recent results show a held result's verdict and why",
  async () => {
    const { admin, stack } = suite;
    await setReviewMode(admin, true);
    const [, , , product] = await productsWithImages(stack);
    await generatePhoto(admin, product!, 'Studio white');
    await waitForProgressState(admin, 'Ready for review');
    await markChangedIds(stack, [(await followedGeneration(admin))!]);

    await admin.open('/');
    // Its entry: the product's result the check called changed (others of it may be listed).
    const recent = admin.app
      .getByRole('listitem')
      .filter({ hasText: product!.title })
      .filter({ has: admin.app.getByText('Changed', { exact: true }) });
    await eventually(() => recent.count()).toBe(1);
    expect(await recent.getByText('the white part has another colour').isVisible()).toBe(true);
    await setReviewMode(admin, false);
  },
  TEST_TIMEOUT_MS,
);

test(
  'in French, a held result gives its reason in French',
  async () => {
    const { admin, stack } = suite;
    await setReviewMode(admin, true);
    const [, , product] = await productsWithImages(stack);
    await generatePhoto(admin, product!, 'Studio white');
    await waitForProgressState(admin, 'Ready for review');
    await markChangedIds(stack, [(await followedGeneration(admin))!]);

    const french = await openAdminPage(suite.browser, stack.frameUrl, undefined, 'fr-FR');
    try {
      await french.open('/activity?state=in_review');
      // Its row: the product's one result the check called changed.
      const row = french.app
        .getByRole('row')
        .filter({ hasText: product!.title })
        .filter({ hasText: 'Modifié' });
      await eventually(() => row.getByText('Modifié', { exact: true }).isVisible()).toBe(true);
      expect(await row.getByText('la partie en blanc n’a plus la même couleur').isVisible()).toBe(
        true,
      );
      expect(await row.textContent()).not.toMatch(/white part|ΔE/);
    } finally {
      await french.close();
    }
    await setReviewMode(admin, false);
  },
  TEST_TIMEOUT_MS,
);

test(
  'Approve all of a run with a changed result names it with its reason and asks before publishing it',
  async () => {
    const { admin, stack } = suite;
    await openBulkRunForReview(admin, suite.stack, RUN_PRODUCTS);
    await answerConfirmation(admin, 'Start bulk run');
    await admin.app.getByRole('link', { name: 'See its generations' }).first().click();
    const runSummary = admin.app.getByText(/waiting for review, \d+ published/);
    await eventually(() => runSummary.textContent(), {
      timeout: RESULT_TIMEOUT_MS,
      interval: 500,
    }).toMatch(/^[3-9] results waiting for review, 0 published\.$/);
    const inReview = Number(/^\d+/.exec((await runSummary.textContent())!)![0]);
    const frame = await (await admin.page.$('#app-frame'))!.contentFrame();
    const bulkRunId = new URL(frame!.url()).searchParams.get('bulkRunId')!;
    const changed = await markChanged(stack, 1, bulkRunId);
    const [title] = await productTitles(stack, changed);
    await admin.open(`/activity?bulkRunId=${bulkRunId}`);
    await eventually(() =>
      admin.app
        .getByText('1 changed result waits for review: look at each before approving.')
        .isVisible(),
    ).toBe(true);

    await admin.app.getByRole('button', { name: `Approve all ${inReview}` }).click();
    const confirm = admin.app.getByRole('dialog', {
      name: `Approve ${inReview} results on ${inReview} products?`,
    });
    await eventually(() => confirm.isVisible()).toBe(true);
    expect(
      await confirm
        .getByText('The product check flagged 1 of them: approving publishes it as it is.')
        .isVisible(),
    ).toBe(true);
    const named = confirm.getByText(`${title} (Changed): the white part has another colour`);
    expect(await named.isVisible()).toBe(true);
    expect(await axeViolations(admin)).toEqual([]);
    await confirm.getByRole('button', { name: `Approve ${inReview} results` }).click();
    await eventually(
      () => admin.app.getByText(`Approved: ${inReview} of ${inReview} results`).isVisible(),
      { timeout: RESULT_TIMEOUT_MS },
    ).toBe(true);
    await setReviewMode(admin, false);
  },
  TEST_TIMEOUT_MS,
);

test(
  'approving selected results with a changed one among them names it with its reason and asks first',
  async () => {
    const { admin, stack } = suite;
    await setReviewMode(admin, true);
    const [, , , , product] = await productsWithImages(stack);
    await generatePhoto(admin, product!, 'Studio white');
    await waitForProgressState(admin, 'Ready for review');
    const changed = (await followedGeneration(admin))!;
    await markChangedIds(stack, [changed]);
    await generatePhoto(admin, product!, 'Studio white');
    await waitForProgressState(admin, 'Ready for review');

    await admin.open(`/activity?state=in_review&productId=${encodeURIComponent(product!.id)}`);
    const rows = admin.app.getByRole('button', { name: /^View .* larger/ });
    await eventually(() => rows.count()).toBe(2);
    await admin.app
      .getByRole('checkbox', { name: 'Select all generations' })
      .first()
      .check({ force: true });
    await admin.app.getByRole('button', { name: 'Approve (2)' }).click();
    const confirm = admin.app.getByRole('dialog', { name: 'Approve 2 results on 1 product?' });
    await eventually(() => confirm.isVisible()).toBe(true);
    expect(
      await confirm
        .getByText(`${product!.title} (Changed): the white part has another colour`)
        .isVisible(),
    ).toBe(true);
    await confirm.getByRole('button', { name: 'Approve 2 results' }).click();
    await eventually(() => admin.app.getByText('Approved: 2 of 2 results').isVisible(), {
      timeout: RESULT_TIMEOUT_MS,
    }).toBe(true);
    await setReviewMode(admin, false);
  },
  TEST_TIMEOUT_MS,
);

test(
  'the fidelity guard is saved from Settings, with a warning when it is off',
  async () => {
    const { admin } = suite;
    await admin.open('/settings');
    const warning = admin.app.getByText(/With the guard off, a result that changed your product/);
    const off = admin.app.getByRole('radio', { name: 'Off', exact: true });
    await eventually(() =>
      admin.app.getByRole('radio', { name: 'Hold changed results (default)' }).isChecked(),
    ).toBe(true);
    expect(await warning.count()).toBe(0);
    // Polaris draws its own radio over the input: the merchant clicks the choice's label.
    await admin.app.locator('label', { hasText: /^Off$/ }).click();
    await eventually(() => warning.isVisible()).toBe(true);
    const saveBar = admin.page.getByRole('region', { name: 'Unsaved changes' });
    await saveBar.getByRole('button', { name: 'Save' }).click();
    await eventually(() => saveBar.isVisible()).toBe(false);

    await admin.open('/settings');
    await eventually(() => off.isChecked()).toBe(true);
    expect(await warning.isVisible()).toBe(true);
    expect(await axeViolations(admin)).toEqual([]);
  },
  TEST_TIMEOUT_MS,
);
