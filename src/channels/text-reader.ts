/**
 * Reading the words on an image, for the overlaid-text rule: tesseract.js (maintained, already
 * the project's OCR, its English "best_int" model read from @tesseract.js-data/eng in
 * node_modules, never fetched). Its own Tesseract worker thread, started on the first read (a
 * web process never reads, so never starts one) and ended by `close()`; reads wait their turn on
 * it (one at a time: Tesseract has one set of parameters).
 */
import { PSM, type Worker } from 'tesseract.js';
import { recognizeWords, startTesseract, type ReadWord } from '../platform/tesseract.ts';

export type { ReadWord };

export interface TextReader {
  read(png: Buffer): Promise<ReadWord[]>;
  close(): Promise<void>;
}

export function createTesseractReader(): TextReader {
  let starting: Promise<Worker> | undefined;
  let queue: Promise<unknown> = Promise.resolve();
  const worker = () => {
    starting ??= startTesseract().then(async (started) => {
      await started.setParameters({ tessedit_pageseg_mode: PSM.SPARSE_TEXT });
      return started;
    });
    return starting;
  };
  async function readNow(png: Buffer): Promise<ReadWord[]> {
    return recognizeWords(await worker(), png);
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
