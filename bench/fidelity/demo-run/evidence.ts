/**
 * `--out DIR`: for each case a developer should look at (a faithful result held, a change
 * missed), the images the check compared, as the pipeline downloaded them (the product's images
 * from Shopify's CDN, the result from ProductAI's), and the report with the request and what
 * the emulator did, one folder a case; and the images side by side in one PNG.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Outcome } from './outcomes.ts';
import { requestWords } from './figures.ts';
import { sideBySide } from './side-by-side.ts';

const EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
};

/** Saves the bytes as they came (what the check read), named by their type; answers them. */
async function download(url: string, file: string): Promise<Buffer> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  const type = (response.headers.get('content-type') ?? '').split(';')[0]!.trim();
  const bytes = Buffer.from(await response.arrayBuffer());
  await writeFile(`${file}.${EXTENSIONS[type] ?? 'bin'}`, bytes);
  return bytes;
}

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** Writes `<label>-NNN-<product>/` folders under `dir`; answers how many. */
export async function writeEvidence(
  dir: string,
  label: string,
  cases: readonly Outcome[],
): Promise<number> {
  for (const [i, outcome] of cases.entries()) {
    const { generation, fidelity, change } = outcome;
    const folder = join(
      dir,
      `${label}-${String(i + 1).padStart(3, '0')}-${slug(generation.product.title)}`,
    );
    await mkdir(folder, { recursive: true });
    const images: Buffer[] = [];
    for (const [k, url] of generation.sourceImageUrls.entries()) {
      images.push(await download(url, join(folder, `source-${k + 1}`)));
    }
    if (generation.result) {
      images.push(await download(generation.result.previewUrl, join(folder, 'result')));
    }
    await writeFile(join(folder, 'side-by-side.png'), await sideBySide(images));
    const report = {
      generationId: generation.id,
      product: generation.product.title,
      request: requestWords(generation),
      params: generation.params,
      emulatorChange: change,
      fidelity,
    };
    await writeFile(join(folder, 'report.json'), `${JSON.stringify(report, null, 2)}\n`);
  }
  return cases.length;
}
