/**
 * What a merchant does, step by step, through the admin frame and the app, so the scenario
 * tests read as the flow they check. Every step uses what a person sees: labels, roles, text.
 */
import type { Browser, FrameLocator, Locator } from 'playwright-core';
import type { GenerationPage, SettingsView } from '../../../src/app-api/contract.ts';
import { DEFAULT_PRESETS } from '../../../src/stores/shop-settings.ts';
import { productAiControlAt } from '../../support/productai-accounts.ts';
import { openAdminPage, type AdminPage } from './browser.ts';
import type { Stack } from './stack.ts';
import { eventually } from './eventually.ts';

/** Long enough for a ProductAI job, the webhook, Shopify's media processing and a poll or two. */
export const RESULT_TIMEOUT_MS = 60_000;

export interface DemoProduct {
  id: string;
  numericId: number;
  title: string;
  mediaCount: number;
  collections: { id: string; title: string }[];
}

export async function demoProducts(stack: Stack): Promise<DemoProduct[]> {
  const response = await fetch(`${stack.shopify.url}/__emulator/shops/${stack.shop}/products`);
  return ((await response.json()) as { products: DemoProduct[] }).products;
}

/** The demo store's smallest collection of at least `minSize` products (a quick bulk run). */
export async function smallestCollection(stack: Stack, minSize = 1): Promise<string> {
  const sizes = new Map<string, number>();
  for (const product of await demoProducts(stack)) {
    for (const { title } of product.collections) sizes.set(title, (sizes.get(title) ?? 0) + 1);
  }
  return [...sizes].filter(([, size]) => size >= minSize).sort((a, b) => a[1] - b[1])[0]![0];
}

export interface MediaView {
  id: string;
  type: string;
  status: string;
  alt: string;
  url: string | null;
  position: number;
}

/** A product's media as the Shopify emulator holds it (numeric product id). */
export async function productMedia(stack: Stack, numericId: number): Promise<MediaView[]> {
  const response = await fetch(
    `${stack.shopify.url}/__emulator/shops/${stack.shop}/products/${numericId}/media`,
  );
  return ((await response.json()) as { media: MediaView[] }).media;
}

/** Products with images whose titles no other product contains (a search finds only them). */
export async function productsWithImages(stack: Stack): Promise<DemoProduct[]> {
  const products = await demoProducts(stack);
  return products.filter(
    (product) =>
      product.mediaCount > 0 &&
      products.every((other) => other === product || !other.title.includes(product.title)),
  );
}

/** Settings → paste the key → Check and save key. */
export async function saveApiKey(admin: AdminPage, key: string): Promise<void> {
  await admin.open('/settings');
  await admin.app.getByLabel('ProductAI API key').fill(key);
  await admin.app.getByRole('button', { name: 'Check and save key' }).click();
}

/** Does in the ProductAI studio what the Settings page asks: save the shop's webhook URL. */
export async function connectWebhook(admin: AdminPage, stack: Stack): Promise<void> {
  await admin.open('/settings');
  await saveWebhookInStudio(stack, await admin.app.getByLabel('Webhook URL').inputValue());
}

async function saveWebhookInStudio(stack: Stack, url: string): Promise<void> {
  const path = `/accounts/${encodeURIComponent(stack.productAiKey)}/webhook`;
  await productAiControlAt(stack.productAi.url)('PUT', path, { url });
}

/**
 * The app's own API as the app home calls it (a session token of the file's shop); throws with
 * the app's answer when it refuses.
 */
export async function appApi<T>(
  stack: Stack,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const response = await fetch(`${stack.appUrl}/api${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${stack.shopify.signSessionToken(stack.shop)}`,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${await response.text()}`);
  return (await response.json()) as T;
}

/**
 * A merchant ready to generate: the ProductAI key saved (and valid), the webhook connected. Set
 * up through the app's API, as the Settings page calls it: the screens' own steps are checked in
 * settings.test.ts and setup-guide.test.ts, and through them this set-up cost 21 files a page
 * load and a save each (about 1 s of CPU a file).
 */
export async function connectMerchant(stack: Stack): Promise<void> {
  const settings = await appApi<SettingsView>(stack, 'PUT', '/settings/api-key', {
    apiKey: stack.productAiKey,
  });
  if (settings.apiKey.state !== 'valid') throw new Error(`the key is ${settings.apiKey.state}`);
  await saveWebhookInStudio(stack, settings.webhook.url);
}

/** The admin's resource picker: search for a title, choose it, confirm. */
export async function pickInResourcePicker(admin: AdminPage, dialogName: string, title: string) {
  const dialog = admin.page.getByRole('dialog', { name: dialogName });
  await dialog.getByRole('searchbox').fill(title);
  await dialog.getByText(title, { exact: true }).click();
  await dialog.getByRole('button', { name: /^(Select|Add)$/ }).click();
  await eventually(() => dialog.isVisible()).toBe(false);
}

/** "More actions" → the app's action on a resource page; the modal it opens in. */
export async function openAdminAction(admin: AdminPage, name: string): Promise<FrameLocator> {
  await admin.page.getByRole('button', { name: 'More actions' }).click();
  await admin.page.getByRole('menuitem', { name, exact: true }).click();
  await eventually(() => admin.page.getByRole('dialog', { name, exact: true }).isVisible()).toBe(
    true,
  );
  return admin.page.frameLocator('dialog.action-modal iframe');
}

/** The generation the Generate page follows, named in its URL (null before the first click). */
export async function followedGeneration(admin: AdminPage): Promise<string | null> {
  const frame = await (await admin.page.$('#app-frame'))?.contentFrame();
  return frame ? new URL(frame.url()).searchParams.get('generation') : null;
}

/**
 * Generate → product → preset → Generate; leaves the new generation's progress card on screen.
 * Returns once the page follows the new generation: the page opens on the one this tab last
 * followed, whose state a caller would otherwise read as the new one's (under load the click's
 * request was still under way when such a caller moved on, and its generation was never made).
 */
export async function generatePhoto(
  admin: AdminPage,
  product: DemoProduct,
  preset: string,
  { withoutStyle = false } = {},
) {
  await admin.open('/generate');
  await admin.app.getByRole('button', { name: 'Select product' }).click();
  await pickInResourcePicker(admin, 'Select product', product.title);
  await eventually(() =>
    admin.app.getByText(product.title, { exact: true }).first().isVisible(),
  ).toBe(true);
  await admin.app.getByLabel('Preset').selectOption({ label: preset });
  if (withoutStyle) await admin.app.getByLabel('Without the shop style').check();
  const before = await followedGeneration(admin);
  await admin.app.getByRole('button', { name: /^Generate photo for \d+ credits?$/ }).click();
  await eventually(async () => {
    const now = await followedGeneration(admin);
    return now !== null && now !== before;
  }).toBe(true);
}

/**
 * Review mode on, then Bulk runs → the smallest collection of at least `minProducts` → the
 * 'Studio white' preset → Start bulk run: leaves the run's confirmation open, for the test to
 * look at and answer.
 */
export async function openBulkRunForReview(
  admin: AdminPage,
  stack: Stack,
  minProducts: number,
): Promise<void> {
  await setReviewMode(admin, true);
  await admin.open('/bulk-runs');
  await admin.app.getByRole('button', { name: 'Select collection' }).click();
  await pickInResourcePicker(
    admin,
    'Select collection',
    await smallestCollection(stack, minProducts),
  );
  await admin.app.getByLabel('Preset').selectOption({ label: 'Studio white' });
  await admin.app.getByRole('button', { name: 'Start bulk run' }).click();
}

/**
 * A photo made (in English, with the first starter preset) and tested against the original:
 * Overview and Activity then show a result, its state, its model and its cost, and Experiments
 * its card, not only their empty states.
 */
export async function makeAndTestPhoto(stack: Stack, browser: Browser): Promise<void> {
  const admin = await openAdminPage(browser, stack.frameUrl);
  const [product] = await productsWithImages(stack);
  await generatePhoto(admin, product!, DEFAULT_PRESETS[0]!.name);
  await waitForProgressState(admin, 'Published');
  await admin.close();
  const { generations } = await appApi<GenerationPage>(
    stack,
    'GET',
    '/generations?state=published',
  );
  await appApi(stack, 'POST', '/experiments', {
    productId: generations[0]!.product.id,
    generationIds: [generations[0]!.id],
  });
}

/** Waits until the followed generation shows this state (by its badge text). */
export async function waitForProgressState(
  admin: AdminPage,
  label: string,
  timeout = RESULT_TIMEOUT_MS,
): Promise<void> {
  await eventually(() => admin.app.getByText(label, { exact: true }).first().isVisible(), {
    timeout,
    interval: 500,
  }).toBe(true);
}

/** Settings → Shop style → "Style phrase", saved through the save bar. */
export async function saveStylePhrase(admin: AdminPage, phrase: string): Promise<void> {
  await admin.open('/settings');
  await admin.app.getByLabel('Style phrase').fill(phrase);
  const saveBar = admin.page.getByRole('region', { name: 'Unsaved changes' });
  await eventually(() => saveBar.isVisible()).toBe(true);
  await saveBar.getByRole('button', { name: 'Save' }).click();
  await eventually(() => saveBar.isVisible()).toBe(false);
}

/** Settings → "Review results before they are added to products", saved. */
export async function setReviewMode(admin: AdminPage, on: boolean): Promise<void> {
  await admin.open('/settings');
  const checkbox = admin.app.getByLabel('Review results before they are added to products');
  if ((await checkbox.isChecked()) === on) return;
  await checkbox.setChecked(on);
  await admin.page
    .getByRole('region', { name: 'Unsaved changes' })
    .getByRole('button', { name: 'Save' })
    .click();
  await eventually(() =>
    admin.page.getByRole('region', { name: 'Unsaved changes' }).isVisible(),
  ).toBe(false);
}

/**
 * How many of Activity's rows `rows` matches once every generation a poll brought is shown:
 * while the merchant reads the list, new rows wait behind "Show N new generations" (clicked here
 * when it is there), so a test waiting for a run's results to arrive counts them all.
 */
export async function countWithNewShown(app: FrameLocator, rows: Locator): Promise<number> {
  const notice = app.getByRole('button', { name: /^Show \d+ new generations?$/ });
  if (await notice.isVisible()) await notice.click();
  return rows.count();
}
