/** The pool's worker: one check per call, on this thread's own OpenCV and Tesseract. */
import { checkPair } from './check.ts';
import type { FidelityInput, FidelityReport } from './fidelity-report.ts';
import { uncheckable } from './verdict.ts';

export default async function check(input: FidelityInput): Promise<FidelityReport> {
  try {
    return await checkPair(input);
  } catch (error) {
    return uncheckable(
      `the check failed (${error instanceof Error ? error.message : String(error)})`,
    );
  }
}
