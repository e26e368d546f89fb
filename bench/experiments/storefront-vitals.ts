/**
 * Benchmark: what the image experiments' app embed costs a storefront's product page, in
 * Chromium: its Largest Contentful Paint and Cumulative Layout Shift on the emulator's
 * storefront (emulators/shopify/storefront/), without an experiment (the embed renders nothing),
 * with one whose visitor gets the original (the script runs, swaps nothing) and with one whose
 * visitor gets the AI photo (swapped as the parser adds it). Each sample in a fresh browser
 * context: a first view (the visitor's arms are drawn once consent is known, after it), then the
 * second view, measured (the page's files in the browser's cache, as for any second view); the
 * CDN has drawn every image once before. The web pixel is left out: Shopify runs it in its
 * sandbox, off the page's main thread.
 *
 *   node bench/experiments/storefront-vitals.ts [loads per case, default 15]
 */
import { loadavg } from 'node:os';
import { startShopifyEmulator } from '../../emulators/shopify/index.ts';
import { recordPaints, type Paints } from '../../test/browser/support/storefront.ts';
import { launchChromium } from '../../test/support/chromium.ts';

const LOADS = Number(process.argv[2] ?? 15);
const SHOP = 'bench-store.myshopify.com';

const emulator = await startShopifyEmulator({ apiKey: 'k', apiSecret: 's', shops: [SHOP] });
const browser = await launchChromium();
try {
  const control = `${emulator.url}/__emulator/shops/${SHOP}`;
  const { products } = (await (await fetch(`${control}/products`)).json()) as {
    products: { numericId: number; handle: string }[];
  };
  const featured = async (id: number) =>
    (
      (await (await fetch(`${control}/products/${id}/media`)).json()) as {
        media: { url: string }[];
      }
    ).media[0]!.url;
  const [product, other] = products as [(typeof products)[0], (typeof products)[0]];
  const images = [await featured(product.numericId), await featured(other.numericId)];
  const live = async (weights: [number, number] | null) => {
    const value = weights && {
      v: 1,
      experiment: 'bench',
      arms: [
        { arm: 'control', image: images[0], media: 'gid://shopify/MediaImage/1' },
        { arm: 'ai1', image: images[1], media: 'gid://shopify/MediaImage/2' },
      ],
      weights,
    };
    await fetch(`${control}/products/${product.numericId}/metafields`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        namespace: '$app:experiments',
        key: 'live',
        type: 'json',
        value: value && JSON.stringify(value),
      }),
    });
  };
  const url = `${emulator.url}/storefront/${SHOP}/products/${product.handle}`;

  async function load(): Promise<Paints> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addInitScript(recordPaints);
    const page = await context.newPage();
    // The first view draws the visitor's arms once Shopify's consent API has loaded (after the
    // page's load); the second is measured, in every case alike.
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForFunction(
      () =>
        !document.getElementById('productai-experiments') ||
        (window as unknown as { Shopify: { customerPrivacy?: unknown } }).Shopify.customerPrivacy,
    );
    await page.reload({ waitUntil: 'load' });
    await page.waitForFunction(() =>
      (window as unknown as { __paints: Paints }).__paints.images.some(
        (i) => i.element === 'featured',
      ),
    );
    const paints = await page.evaluate(() => (window as unknown as { __paints: Paints }).__paints);
    await context.close();
    return paints;
  }

  const quantile = (values: number[], q: number) =>
    [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(q * values.length))]!;

  // The CDN draws each image on its first request, and Chromium warms up.
  await live([50, 50]);
  for (let i = 0; i < 3; i += 1) await load();

  console.log(`${LOADS} loads per case, load average ${loadavg()[0]!.toFixed(1)} (2 cores)`);
  console.log('case                          LCP median  LCP p75   CLS max  image painted');
  for (const [name, weights] of [
    ['no experiment (embed empty)', null],
    ['experiment, original shown', [100, 0]],
    ['experiment, AI photo shown', [0, 100]],
  ] as const) {
    await live(weights as [number, number] | null);
    const results: Paints[] = [];
    for (let i = 0; i < LOADS; i += 1) results.push(await load());
    const lcp = results.map((paints) => paints.largestMs);
    const shown = new Set(
      results.flatMap((paints) =>
        paints.images.map((image) => new URL(image.url).pathname.split('/').pop()),
      ),
    );
    console.log(
      `${name.padEnd(30)}${quantile(lcp, 0.5).toFixed(0).padStart(7)} ms${quantile(lcp, 0.75).toFixed(0).padStart(7)} ms` +
        `${Math.max(...results.map((paints) => paints.cls))
          .toFixed(3)
          .padStart(9)}  ${[...shown].join(', ')}`,
    );
  }
  console.log(`load average after: ${loadavg()[0]!.toFixed(1)}`);
} finally {
  await browser.close();
  await emulator.close();
}
