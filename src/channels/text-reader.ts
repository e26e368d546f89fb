/**
 * Reading the words on an image, for the overlaid-text rule: tesseract.js (maintained, already
 * the project's OCR, its English "best_int" model read from @tesseract.js-data/eng in
 * node_modules, never fetched). Its own Tesseract worker thread, started on the first read (a
 * web process never reads, so never starts one) and ended by `close()`; reads wait their turn on
 * it (one at a time: Tesseract has one set of parameters).
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createWorker, PSM, type Worker } from 'tesseract.js';
import type { Box } from './measures.ts';

export interface ReadWord {
  text: string;
  /** Tesseract's confidence, 0..100. */
  confidence: number;
  /** Pixels of the image read. */
  box: Box;
}

export interface TextReader {
  read(png: Buffer): Promise<ReadWord[]>;
  close(): Promise<void>;
}

const require = createRequire(import.meta.url);
const LANG_PATH = join(
  dirname(require.resolve('@tesseract.js-data/eng/package.json')),
  '4.0.0_best_int',
);

export function createTesseractReader(): TextReader {
  let starting: Promise<Worker> | undefined;
  let queue: Promise<unknown> = Promise.resolve();
  const worker = () => {
    starting ??= createWorker('eng', 1, {
      langPath: LANG_PATH,
      cacheMethod: 'none',
      gzip: true,
    }).then(async (started) => {
      await started.setParameters({ tessedit_pageseg_mode: PSM.SPARSE_TEXT });
      return started;
    });
    return starting;
  };
  async function readNow(png: Buffer): Promise<ReadWord[]> {
    const tesseract = await worker();
    const { data } = await tesseract.recognize(png, {}, { blocks: true, text: false });
    const words: ReadWord[] = [];
    for (const block of data.blocks ?? [])
      for (const paragraph of block.paragraphs)
        for (const line of paragraph.lines)
          for (const word of line.words)
            words.push({ text: word.text, confidence: word.confidence, box: word.bbox });
    return words;
  }
  return {
    read(png) {
      const turn = queue.then(() => readNow(png));
      queue = turn.catch(() => undefined);
      return turn;
    },
    async close() {
      const started = starting;
      starting = undefined;
      await (await started?.catch(() => undefined))?.terminate();
    },
  };
}
