/**
 * Consistency benchmark: how much the backgrounds of one bulk run differ, with and
 * without the shop style. Two shops of the same seeded catalogue each run one 20-product bulk
 * run (one prompt, nanobanana, through both emulators and the real pipeline); the second shop
 * has a style phrase and a style reference image. For each result the background is read where
 * no product stands (the top fifth: wall; the bottom tenth: floor) and its mean colour taken in
 * CIELAB; the run's spread is the mean pairwise CIEDE2000 ΔE of those colours, and the spread
 * of brightness the standard deviation and range of their L*.
 *
 *   node bench/style-consistency.ts
 *
 * The emulator's backdrops drift per product as a real model's do, and follow a style
 * reference when the prompt binds one (emulators/productai/README.md, Drift and style
 * references): the figures measure the app's part, that the reference reaches every request.
 */
import { converter, differenceCiede2000 } from 'culori';
import sharp from 'sharp';
import type { BulkRunView } from '../src/app-api/contract.ts';
import { pipelineConfig } from '../src/pipeline/index.ts';
import { startWorkers } from '../src/app/index.ts';
import { BENCH_SHOP, startAppStack } from './bulk-app-stack.ts';

const PRODUCTS = 20;
const STYLED_SHOP = 'bench-styled.myshopify.com';
const PROMPT = 'The product on a table, catalogue photo';
const KEYS = { plain: 'bench-key-plain', styled: 'bench-key-styled' };

const stack = await startAppStack({
  productCount: 40,
  moreShops: [STYLED_SHOP],
  productAi: { jobMs: 300, accounts: { [KEYS.plain]: 100_000, [KEYS.styled]: 100_000 } },
  // 15 requests per 1 s window instead of per minute: the run takes seconds, not minutes.
  pipelineConfig: pipelineConfig({
    limiter: { limit: 15, windowMs: 1_000, arrivalMarginMs: 20 },
    namespace: 'bench-style',
  }),
});
const { features, pipeline } = stack.deps;
const workers = await startWorkers(stack.deps);

const lab = converter('lab65');
const deltaE = differenceCiede2000();

/** The first products of a shop that have images. */
async function productIds(shop: string): Promise<string[]> {
  const response = await fetch(`${stack.shopify.url}/__emulator/shops/${shop}/products`);
  const { products } = (await response.json()) as {
    products: { id: string; mediaCount: number }[];
  };
  return products
    .filter((product) => product.mediaCount > 0)
    .slice(0, PRODUCTS)
    .map((p) => p.id);
}

async function run(shop: string): Promise<{ view: BulkRunView; seconds: number }> {
  const started = performance.now();
  const view = await features.bulkRuns.start(shop, {
    target: { type: 'products', productIds: await productIds(shop) },
    kind: 'photo',
    model: 'nanobanana',
    prompt: PROMPT,
    resolution: '1K',
  });
  for (;;) {
    const { generations } = await pipeline.generations.list(
      shop,
      { bulkRunId: view.id },
      { limit: 100 },
    );
    const done = generations.filter((g) => ['published', 'in_review'].includes(g.state));
    const failed = generations.filter((g) => ['failed', 'cancelled'].includes(g.state));
    if (failed.length > 0) throw new Error(`${failed.length} failed: ${failed[0]!.reason}`);
    if (done.length === PRODUCTS) {
      return { view: await features.bulkRuns.get(shop, view.id), seconds: elapsed(started) };
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const elapsed = (since: number) => (performance.now() - since) / 1000;

/** The mean colour of the result's background (wall and floor, clear of the products), Lab. */
async function background(url: string) {
  const bytes = Buffer.from(await (await fetch(url)).arrayBuffer());
  const { width, height } = await sharp(bytes).metadata();
  const mean = async (top: number, rows: number) => {
    const { channels } = await sharp(bytes).extract({ left: 0, top, width, height: rows }).stats();
    return channels.slice(0, 3).map((c) => c.mean);
  };
  const wall = await mean(0, Math.round(height * 0.2));
  const floor = await mean(height - Math.round(height * 0.1), Math.round(height * 0.1));
  // Weighted by the rows each part covers (2:1).
  const [r, g, b] = wall.map((v, i) => (2 * v + floor[i]!) / 3 / 255) as [number, number, number];
  return lab({ mode: 'rgb', r, g, b });
}

async function spread(shop: string) {
  const { generations } = await pipeline.generations.list(shop, {}, { limit: 100 });
  const colours = await Promise.all(generations.map((g) => background(g.resultUrl!)));
  let total = 0;
  let pairs = 0;
  for (let i = 0; i < colours.length; i++) {
    for (let j = i + 1; j < colours.length; j++) {
      total += deltaE(colours[i]!, colours[j]!);
      pairs++;
    }
  }
  const lightness = colours.map((c) => c.l);
  const meanL = lightness.reduce((a, b) => a + b, 0) / lightness.length;
  const sd = Math.sqrt(lightness.reduce((a, l) => a + (l - meanL) ** 2, 0) / lightness.length);
  return {
    results: colours.length,
    meanPairwiseDeltaE: total / pairs,
    lightnessSd: sd,
    lightnessRange: Math.max(...lightness) - Math.min(...lightness),
    styleSent: generations.filter((g) => g.style?.reference?.sent).length,
  };
}

try {
  await features.settings.saveApiKey(BENCH_SHOP, KEYS.plain);
  await features.settings.saveApiKey(STYLED_SHOP, KEYS.styled);
  await features.settings.update(STYLED_SHOP, {
    style: { phrase: 'Soft evening light, calm dusk-blue backdrop' },
  });
  // The merchant's reference: a dusk-blue scene, lighter wall over a darker floor.
  const reference = await sharp({
    create: { width: 600, height: 400, channels: 3, background: '#3d5a8c' },
  })
    .composite([
      {
        input: await sharp({
          create: { width: 600, height: 150, channels: 3, background: '#1f2f4d' },
        })
          .png()
          .toBuffer(),
        top: 250,
        left: 0,
      },
    ])
    .png()
    .toBuffer();
  await features.settings.setStyleReference(STYLED_SHOP, reference);

  const plain = await run(BENCH_SHOP);
  const styled = await run(STYLED_SHOP);
  const figures = { without: await spread(BENCH_SHOP), with: await spread(STYLED_SHOP) };
  console.log(
    `${PRODUCTS}-product bulk run, prompt "${PROMPT}", nanobanana 1K; runs took ` +
      `${plain.seconds.toFixed(1)} s and ${styled.seconds.toFixed(1)} s`,
  );
  const uploads = await fetch(`${stack.productAi!.url}/v1/my-uploaded-assets`, {
    headers: { authorization: `Bearer ${KEYS.styled}` },
  });
  const { assets } = (await uploads.json()) as { assets: unknown[] };
  console.log(`style image uploads to ProductAI for the styled run: ${assets.length}`);
  console.log('                      mean pairwise ΔE2000   L* sd   L* range   style image sent');
  for (const [label, f] of Object.entries(figures)) {
    console.log(
      `${`${label} the shop style`.padEnd(22)}${f.meanPairwiseDeltaE.toFixed(2).padStart(20)}` +
        `${f.lightnessSd.toFixed(2).padStart(8)}${f.lightnessRange.toFixed(2).padStart(11)}` +
        `${`${f.styleSent}/${f.results}`.padStart(19)}`,
    );
  }
} finally {
  await workers.stop();
  await stack.stop();
}
