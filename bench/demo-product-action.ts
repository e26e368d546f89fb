/**
 * The demo's main path, timed as a merchant lives it: on a product page of the demo admin,
 * "More actions" → "Generate AI photo" → "Generate photo", until the new photo is on the
 * product (READY in Shopify) and until the product page shows it. Against the demo's stack with
 * the demo's own pace (DEMO_JOB_MS, 6 s ProductAI jobs by default, and Shopify's default media
 * processing), each run on another product, the merchant connected first (key and webhook).
 *
 *   node bench/demo-product-action.ts [runs, default 3]
 */
import { startStack } from '../dev/stack.ts';
import { openAdminPage } from '../test/browser/support/browser.ts';
import {
  connectMerchant,
  productMedia,
  productsWithImages,
} from '../test/browser/support/merchant.ts';
import { launchChromium } from '../test/support/chromium.ts';
import { until } from '../test/support/until.ts';

const runs = Number(process.argv[2] ?? 3);
const jobMs = Number(process.env.DEMO_JOB_MS ?? 6_000);
const stack = await startStack({ jobMs, logLevel: 'silent' });
const browser = await launchChromium();
try {
  await connectMerchant(stack);
  const products = (await productsWithImages(stack)).slice(0, runs);
  const figures: { published: number; shown: number }[] = [];
  for (const product of products) {
    const ready = async () =>
      (await productMedia(stack, product.numericId)).filter((media) => media.status === 'READY')
        .length;
    const before = await ready();
    const admin = await openAdminPage(browser, stack.frameUrl);
    await admin.open(`/products/${product.numericId}`);
    await admin.page.getByRole('button', { name: 'More actions' }).click();
    const clicked = Date.now();
    await admin.page.getByRole('menuitem', { name: 'Generate AI photo' }).click();
    const action = admin.page.frameLocator('dialog.action-modal iframe');
    await action.getByRole('button', { name: 'Generate photo' }).click();
    await action.getByText('Generation started').waitFor();
    await action.getByRole('button', { name: 'Done' }).click();
    await until('the photo on the product', async () => (await ready()) > before, {
      deadlineMs: 120_000,
      intervalMs: 50,
    });
    const published = Date.now() - clicked;
    await admin.page
      .frameLocator('#product-media')
      .getByText(new RegExp(`^${before + 1} media`))
      .waitFor({ timeout: 120_000 });
    figures.push({ published, shown: Date.now() - clicked });
    await admin.close();
  }
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  console.log(`ProductAI job time ${seconds(jobMs)}; ${figures.length} runs`);
  for (const [index, { published, shown }] of figures.entries()) {
    console.log(
      `  run ${index + 1}: click → photo READY on the product ${seconds(published)}, → shown on the product page ${seconds(shown)}`,
    );
  }
} finally {
  await browser.close();
  await stack.stop();
}
