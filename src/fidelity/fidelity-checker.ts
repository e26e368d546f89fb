/**
 * The fidelity check's entry point: a pool of worker threads (piscina), each holding its own
 * OpenCV and Tesseract instances, so a check (a few hundred ms of CPU) never stalls the event
 * loop of the process that asks for it. The pool answers every check: a worker that throws or
 * a pool that is closing gives `check_it` (fail open to a person, never to `faithful`).
 */
import { Piscina } from 'piscina';
import type { Logger } from '../platform/logger.ts';
import type { FidelityChecker, FidelityInput, FidelityReport } from './fidelity-report.ts';
import { uncheckable } from './verdict.ts';

export interface FidelityCheckerOptions {
  /** Worker threads, each checking one result at a time. */
  threads: number;
  logger?: Logger;
}

export function createFidelityChecker(options: FidelityCheckerOptions): FidelityChecker {
  const pool = new Piscina<FidelityInput, FidelityReport>({
    filename: new URL('./fidelity-worker.ts', import.meta.url).href,
    minThreads: options.threads,
    maxThreads: options.threads,
    // Each worker loads OpenCV (~10 MB of WebAssembly) and Tesseract once: keep them.
    idleTimeout: Number.POSITIVE_INFINITY,
  });
  let closed = false;

  return {
    async check(input) {
      if (closed) return uncheckable('the fidelity check is shut down');
      try {
        return await pool.run(input);
      } catch (error) {
        options.logger?.warn({ err: error }, 'fidelity check failed; the result needs a person');
        return uncheckable('the check could not run on this result');
      }
    },
    async close() {
      closed = true;
      await pool.close({ force: true });
    },
  };
}
