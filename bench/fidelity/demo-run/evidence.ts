/**
 * `--out DIR`: for each case a developer should look at (a faithful result held, a change
 * missed), the images the check compared, as the pipeline downloaded them (the product's images
 * from Shopify's CDN, the result from ProductAI's), and the report with the request and what
 * the emulator did, one folder a case.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Outcome } from './outcomes.ts';
import { requestWords } from './figures.ts';

const EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
};

async function download(url: string, file: string): Promise<string> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  const type = (response.headers.get('content-type') ?? '').split(';')[0]!.trim();
  const path = `${file}.${EXTENSIONS[type] ?? 'bin'}`;
  await writeFile(path, Buffer.from(await response.arrayBuffer()));
  return path;
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
    for (const [k, url] of generation.sourceImageUrls.entries()) {
      await download(url, join(folder, `source-${k + 1}`));
    }
    if (generation.result) await download(generation.result.previewUrl, join(folder, 'result'));
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
