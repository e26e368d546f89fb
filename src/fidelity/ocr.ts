/**
 * Text reading with tesseract.js, one Tesseract per thread, its English data read from
 * node_modules (@tesseract.js-data/eng, the "best_int" model), never fetched from a CDN.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createWorker, PSM, type Worker } from 'tesseract.js';

export interface Word {
  text: string;
  confidence: number;
  /** Pixels of the image that was read. */
  box: { x0: number; y0: number; x1: number; y1: number };
}

const require = createRequire(import.meta.url);
const LANG_PATH = join(
  dirname(require.resolve('@tesseract.js-data/eng/package.json')),
  '4.0.0_best_int',
);

let starting: Promise<Worker> | undefined;

function tesseract(): Promise<Worker> {
  starting ??= createWorker('eng', 1, { langPath: LANG_PATH, cacheMethod: 'none', gzip: true });
  return starting;
}

/** Words of an image (PNG/JPEG buffer); `line` reads it as one line of text. */
export async function readWords(image: Buffer, layout: 'sparse' | 'line'): Promise<Word[]> {
  const worker = await tesseract();
  await worker.setParameters({
    tessedit_pageseg_mode: layout === 'line' ? PSM.SINGLE_LINE : PSM.SPARSE_TEXT,
  });
  const { data } = await worker.recognize(image, {}, { blocks: true, text: false });
  const words: Word[] = [];
  for (const block of data.blocks ?? [])
    for (const paragraph of block.paragraphs)
      for (const line of paragraph.lines)
        for (const word of line.words)
          words.push({ text: word.text, confidence: word.confidence, box: word.bbox });
  return words;
}

export async function closeOcr(): Promise<void> {
  const worker = await starting;
  starting = undefined;
  await worker?.terminate();
}
