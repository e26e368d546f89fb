/**
 * Tesseract (tesseract.js), as the product check and the channel rules read text: its English
 * "best_int" model read from node_modules (@tesseract.js-data/eng), never fetched from a CDN,
 * and a recognition's words flattened out of its blocks, paragraphs and lines.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createWorker, type Worker } from 'tesseract.js';

export interface ReadWord {
  text: string;
  /** Tesseract's confidence, 0..100. */
  confidence: number;
  /** Pixels of the image read. */
  box: { x0: number; y0: number; x1: number; y1: number };
}

const require = createRequire(import.meta.url);
const LANG_PATH = join(
  dirname(require.resolve('@tesseract.js-data/eng/package.json')),
  '4.0.0_best_int',
);

/**
 * A Tesseract worker thread for English. Its resolution is set: the images read (crops and
 * renders, most without a density) made it warn "Invalid resolution 25 dpi. Using 70 instead."
 * on stderr once per read, 194 lines in one demo run. 70 is what it used for them.
 */
export async function startTesseract(): Promise<Worker> {
  const worker = await createWorker('eng', 1, {
    langPath: LANG_PATH,
    cacheMethod: 'none',
    gzip: true,
  });
  await worker.setParameters({ user_defined_dpi: '70' });
  return worker;
}

/** The words an image holds, as `worker` reads it with its parameters as they are. */
export async function recognizeWords(worker: Worker, image: Buffer): Promise<ReadWord[]> {
  const { data } = await worker.recognize(image, {}, { blocks: true, text: false });
  const words: ReadWord[] = [];
  for (const block of data.blocks ?? [])
    for (const paragraph of block.paragraphs)
      for (const line of paragraph.lines)
        for (const word of line.words)
          words.push({ text: word.text, confidence: word.confidence, box: word.bbox });
  return words;
}
