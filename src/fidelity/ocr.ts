/**
 * Text reading with tesseract.js (src/platform/tesseract.ts), one Tesseract per thread.
 */
import { PSM, type Worker } from 'tesseract.js';
import { recognizeWords, startTesseract, type ReadWord } from '../platform/tesseract.ts';

export type Word = ReadWord;

let starting: Promise<Worker> | undefined;

function tesseract(): Promise<Worker> {
  starting ??= startTesseract();
  return starting;
}

/** Words of an image (PNG/JPEG buffer); `line` reads it as one line of text. */
export async function readWords(image: Buffer, layout: 'sparse' | 'line'): Promise<Word[]> {
  const worker = await tesseract();
  await worker.setParameters({
    tessedit_pageseg_mode: layout === 'line' ? PSM.SINGLE_LINE : PSM.SPARSE_TEXT,
  });
  return recognizeWords(worker, image);
}

export async function closeOcr(): Promise<void> {
  const worker = await starting;
  starting = undefined;
  await worker?.terminate();
}
