/**
 * The demo's changes in minutes, not the demo run's half hour (demo-run.ts): the demo store's
 * drawn products (the Shopify emulator's seed, product-art.ts), each set in the ProductAI
 * emulator's scenes as it renders a result (scene.ts: the cut-out, the change made on it, the
 * prompt's backdrop), once faithful and once for each change kind at each strength, and checked
 * in this process by the check's own steps (as measures.ts runs them). Prints, per change kind,
 * how many results were caught (changed or check it) and missed, and how many faithful ones were
 * held, with each miss and hold listed.
 *
 *   node bench/fidelity/demo-changes.ts [--colours 2] [--strengths 0.5,1] [--kinds warp,reshape]
 *          [--images 1] [--out DIR] [--save measures.json]
 *
 * --colours: how many of the catalogue's colours each of its 12 product kinds is drawn in;
 * --strengths: the changes' strengths (the demo's random changes draw 0.5-1); --out DIR writes
 * the source and result of every miss and hold. Upscales (the demo's other kind of result) are
 * checked faithful and with the two changes an upscale carries (recolour, warp). --images 2:
 * each result made from two views of the product, side by side (the demo's two-image requests),
 * checked against the first (the checker's product image); no upscales (an upscale takes one
 * image). --save writes
 * each result's measures, for limits to be tried on them without rendering and measuring again.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { renderScene } from '../../emulators/productai/render/scene.ts';
import { renderUpscale } from '../../emulators/productai/render/upscale.ts';
import { imageSize } from '../../emulators/productai/render/sizes.ts';
import type { InputImage } from '../../emulators/productai/images/inspect.ts';
import type { FileStore } from '../../emulators/productai/storage.ts';
import {
  CHANGE_KINDS,
  type ChangeKind,
  type ProductChange,
} from '../../emulators/productai/render/product-change.ts';
import {
  COLOURS,
  imagePlan,
  PRODUCT_KINDS,
  type ImagePlan as ImagePlanOf,
} from '../../emulators/shopify/seed/catalog.ts';
import { renderProductImage } from '../../emulators/shopify/seed/product-art.ts';
import { DEFAULT_PRESETS } from '../../src/stores/shop-settings.ts';
import { analyseImage, measurePair } from '../../src/fidelity/check.ts';
import type { FidelityKind } from '../../src/fidelity/fidelity-report.ts';
import { decide, type Measures } from '../../src/fidelity/verdict.ts';

const { values: args } = parseArgs({
  options: {
    colours: { type: 'string', default: '2' },
    strengths: { type: 'string', default: '0.5,1' },
    kinds: { type: 'string', default: CHANGE_KINDS.join(',') },
    out: { type: 'string' },
    save: { type: 'string' },
    images: { type: 'string', default: '1' },
  },
});
const imageCount = Number(args.images);
const strengths = args.strengths.split(',').map(Number);
const kinds = args.kinds.split(',') as ChangeKind[];
const colourCount = Number(args.colours);

/** The result sizes of aspect ratios the demo run asks for (plan.ts), at 1K. */
const SIZES = (['SQUARE', 'LANDSCAPE', 'PORTRAIT', '16:9', '4:5'] as const).map((ratio) =>
  imageSize(ratio, null),
);

interface Case {
  product: string;
  kind: FidelityKind;
  change: ProductChange | null;
  verdict: string;
  findings: string[];
  measures?: Measures;
}

const cases: Case[] = [];
const started = process.cpuUsage();
let n = 0;
for (let c = 0; c < colourCount; c++) {
  // Colours spread over the catalogue's (light, dark and bright products).
  const round = Math.floor((c * COLOURS.length) / colourCount);
  const colour = COLOURS[round]!;
  for (const [k, productKind] of PRODUCT_KINDS.entries()) {
    // The catalogue's product of this kind and colour (seed-shop.ts: kinds in turn, then colours).
    const index = round * PRODUCT_KINDS.length + k;
    const plan = imagePlan(index)[0] ?? { width: 1024, height: 1024, format: 'jpeg' as const };
    const title = `${colour.name} ${productKind.name}`;
    const views = await Promise.all(
      Array.from({ length: imageCount }, (_, view) =>
        renderProductImage({
          kind: productKind.art,
          colour: colour.hex,
          title,
          view,
          views: imageCount,
          ...plan,
        }),
      ),
    );
    const source = views[0]!;
    const analysed = await analyseImage(source);
    const photos: (ProductChange | null)[] = [
      null,
      null,
      ...kinds.flatMap((kind) => strengths.map((strength) => ({ kind, strength }))),
    ];
    for (const change of photos) {
      const size = SIZES[n % SIZES.length]!;
      const prompt = DEFAULT_PRESETS[n % DEFAULT_PRESETS.length]!.prompt;
      n++;
      const scene = await renderScene({
        ...size,
        prompt,
        products: views,
        change: change ?? undefined,
      });
      const result =
        n % 3 === 1 ? await scene.jpeg({ quality: 90 }).toBuffer() : await scene.png().toBuffer();
      await check(title, source, analysed, result, 'image', change);
    }
    const upscales: (ProductChange | null)[] =
      imageCount > 1
        ? []
        : [
            null,
            ...(['recolour', 'warp'] as const)
              .filter((kind) => kinds.includes(kind))
              .map((kind) => ({ kind, strength: strengths.at(-1)! })),
          ];
    for (const change of upscales) {
      const result = await upscaled(source, plan, change);
      await check(title, source, analysed, result, 'upscale', change);
    }
  }
}
const cpu = process.cpuUsage(started);
print();
if (args.save) await writeFile(args.save, JSON.stringify(cases));
console.log(
  `${cases.length} results in ${((cpu.user + cpu.system) / 1e6).toFixed(0)} s CPU (${(
    (cpu.user + cpu.system) /
    1e3 /
    cases.length
  ).toFixed(0)} ms a result, with its rendering)`,
);
process.exit(0);

/** The emulator's upscale of the product image (upscale.ts), its bytes kept instead of hosted. */
async function upscaled(
  source: Buffer,
  plan: ImagePlanOf,
  change: ProductChange | null,
): Promise<Buffer> {
  let bytes: Buffer | undefined;
  const files = {
    put: async (folder: string, extension: string, data: Buffer) => {
      bytes = data;
      return { name: `${folder}.${extension}` };
    },
  } as unknown as FileStore;
  const image: InputImage = { bytes: source, mimetype: `image/${plan.format}`, ...plan };
  await renderUpscale({ kind: 'upscale', image, ...(change ? { change } : {}) }, files);
  return bytes!;
}

async function check(
  product: string,
  source: Buffer,
  analysed: Awaited<ReturnType<typeof analyseImage>>,
  result: Buffer,
  kind: FidelityKind,
  change: ProductChange | null,
) {
  const measures = analysed ? await measurePair(analysed, result, kind) : undefined;
  const report = measures
    ? decide(kind, measures)
    : { verdict: 'check_it', findings: ['source unread'] };
  const { verdict, findings } = report;
  const done: Case = {
    product,
    kind,
    change,
    verdict,
    findings,
    ...(measures ? { measures } : {}),
  };
  cases.push(done);
  const wrong = (change === null) !== (report.verdict === 'faithful');
  process.stderr.write(`\r${cases.length} checked`);
  if (!wrong || !args.out) return;
  const name =
    `${cases.length}-${product}-${kind}-${change ? `${change.kind}-${change.strength}` : 'faithful'}`
      .toLowerCase()
      .replace(/[^a-z0-9.-]+/g, '-');
  await mkdir(args.out, { recursive: true });
  await writeFile(join(args.out, `${name}-source.png`), await sharp(source).png().toBuffer());
  await writeFile(join(args.out, `${name}-result.png`), await sharp(result).png().toBuffer());
  await writeFile(join(args.out, `${name}.json`), JSON.stringify(report, null, 2));
}

function print() {
  console.error('');
  const rows: Record<string, { caught: number; missed: number; held: number; passed: number }> = {};
  for (const c of cases) {
    const key = `${c.kind}: ${c.change?.kind ?? 'faithful'}`;
    const row = (rows[key] ??= { caught: 0, missed: 0, held: 0, passed: 0 });
    const held = c.verdict !== 'faithful';
    if (c.change) row[held ? 'caught' : 'missed']++;
    else row[held ? 'held' : 'passed']++;
  }
  console.table(rows);
  for (const c of cases) {
    const wrong = (c.change === null) !== (c.verdict === 'faithful');
    if (!wrong) continue;
    const what = c.change ? `${c.change.kind} ${c.change.strength} missed` : 'faithful held';
    console.log(`${c.product} (${c.kind}): ${what}: ${c.verdict} ${c.findings.join('; ')}`);
  }
  const changed = cases.filter((c) => c.change);
  const faithful = cases.filter((c) => !c.change);
  console.log(
    `changes caught ${changed.filter((c) => c.verdict !== 'faithful').length} of ${changed.length}; ` +
      `faithful held ${faithful.filter((c) => c.verdict !== 'faithful').length} of ${faithful.length}`,
  );
}
