/** The pool's worker: one check per call, on this thread's own OpenCV and Tesseract. */
import type { FidelityInput, FidelityReport } from './fidelity-report.ts';
import { uncheckable } from './verdict.ts';

export default async function check(input: FidelityInput): Promise<FidelityReport> {
  void input;
  return uncheckable('the fidelity check is not built yet');
}
