/**
 * The first photo, as a new merchant gets it: on a product page of the demo admin, "More
 * actions" → "Generate AI photo" → "Generate photo", until the photo is on the product (media
 * READY in Shopify), minus the job's own time at the ProductAI emulator (DEMO_JOB_MS). Twice:
 * first with only the key saved (the README's step 1, before the webhook is connected at step 5:
 * results come by polling), then with the webhook connected. Against the demo's stack and its
 * production timings (the pipeline's default polling, Shopify's media processing), each run on
 * another product. Prints p50/p95 per way; goal under 3 s both ways.
 *
 *   node bench/first-photo.ts [runs per way, default 4]
 */
import { loadavg } from 'node:os';
import { DEMO, startStack } from '../dev/stack.ts';
import {
  defaultSessionTokenClaims,
  signJwtHs256,
} from '../emulators/shopify/auth/session-token.ts';
import type { GenerationPage } from '../src/app-api/contract.ts';
import { openAdminPage } from '../test/browser/support/browser.ts';
import {
  connectWebhook,
  productMedia,
  productsWithImages,
  saveApiKey,
} from '../test/browser/support/merchant.ts';
import { launchChromium } from '../test/support/chromium.ts';
import type { DemoProduct } from '../test/browser/support/merchant.ts';
import type { Browser } from 'playwright-core';
import type { Stack } from '../test/browser/support/stack.ts';
import { until } from '../test/support/until.ts';

const runs = Number(process.argv[2] ?? 4);
// Not a multiple of the 2 s polling cadence, whose polls would then land right at the job's end.
const jobMs = Number(process.env.DEMO_JOB_MS ?? 5_000);

/**
 * Where the time went, from the generation's own transitions (the app's API, with a session
 * token as App Bridge makes it): ms from the click to each state it reached.
 */
async function phases(stack: Stack, product: DemoProduct, clicked: number) {
  const token = signJwtHs256(
    defaultSessionTokenClaims(stack.shop, DEMO.apiKey, Date.now()),
    DEMO.apiSecret,
  );
  const query = new URLSearchParams({ productId: product.id, limit: '1' });
  const response = await fetch(`${stack.appUrl}/api/generations?${query}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const page = (await response.json()) as GenerationPage;
  const transitions = page.generations[0]?.transitions ?? [];
  return transitions.map(({ state, at }) => `${state} ${Date.parse(at) - clicked}`).join(', ');
}

/** Click → the photo READY on the product, in ms. */
async function clickToPhoto(browser: Browser, stack: Stack, product: DemoProduct) {
  const ready = async () =>
    (await productMedia(stack, product.numericId)).filter((media) => media.status === 'READY')
      .length;
  const before = await ready();
  const admin = await openAdminPage(browser, stack.frameUrl);
  try {
    await admin.open(`/products/${product.numericId}`);
    await admin.page.getByRole('button', { name: 'More actions' }).click();
    await admin.page.getByRole('menuitem', { name: 'Generate AI photo' }).click();
    const action = admin.page.frameLocator('dialog.action-modal iframe');
    const generate = action.getByRole('button', { name: 'Generate photo' });
    await generate.waitFor();
    const clicked = Date.now();
    await generate.click();
    await until('the photo on the product', async () => (await ready()) > before, {
      deadlineMs: 120_000,
      intervalMs: 50,
    });
    const took = Date.now() - clicked;
    console.log(`  ${took} ms: ${await phases(stack, product, clicked)}`);
    return took;
  } finally {
    await admin.close();
  }
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const stack = await startStack({ jobMs, logLevel: 'silent' });
const browser = await launchChromium();
try {
  const products = (await productsWithImages(stack)).slice(0, 2 * runs);
  if (products.length < 2 * runs) throw new Error(`only ${products.length} products with images`);
  const setup = await openAdminPage(browser, stack.frameUrl);
  await saveApiKey(setup, stack.productAiKey);
  await until('the saved key', () => setup.app.getByText('Valid', { exact: true }).isVisible(), {
    deadlineMs: 10_000,
  });
  const figures: Record<string, number[]> = { 'without the webhook': [], 'with the webhook': [] };
  for (const product of products.slice(0, runs))
    figures['without the webhook']!.push((await clickToPhoto(browser, stack, product)) - jobMs);
  // The studio's save answers after ProductAI's validation call reached the app.
  await connectWebhook(setup, stack);
  await setup.close();
  for (const product of products.slice(runs))
    figures['with the webhook']!.push((await clickToPhoto(browser, stack, product)) - jobMs);

  const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  console.log(
    `click → photo READY on the product, minus the ${seconds(jobMs)} job; ${runs} runs each (load average ${loadavg()
      .map((value) => value.toFixed(2))
      .join(', ')})`,
  );
  for (const [way, values] of Object.entries(figures)) {
    console.log(
      `  ${way}: p50 ${seconds(percentile(values, 50))}, p95 ${seconds(percentile(values, 95))} (${values.map(seconds).join(', ')})`,
    );
  }
} finally {
  await browser.close();
  await stack.stop();
}
