/**
 * The pool's worker, on this thread's own OpenCV and Tesseract: `analyse` a product image, or
 * `check` a result against an analysed one (the checker, fidelity-checker.ts, keeps analyses).
 */
import { analyseImage, checkPair } from './check.ts';
import type { FidelityKind, FidelityReport } from './fidelity-report.ts';
import type { SourceProduct } from './source-product.ts';
import { uncheckable } from './verdict.ts';

export function analyse(image: Uint8Array): Promise<SourceProduct | null> {
  return analyseImage(image);
}

export async function check(task: {
  source: SourceProduct;
  result: Uint8Array;
  kind: FidelityKind;
}): Promise<FidelityReport> {
  try {
    return await checkPair(task.source, task.result, task.kind);
  } catch (error) {
    return uncheckable(
      { code: 'unchecked_failed' },
      `the check failed (${error instanceof Error ? error.message : String(error)})`,
    );
  }
}
