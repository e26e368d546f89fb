/**
 * The fidelity check's entry point: a pool of worker threads (piscina), each holding its own
 * OpenCV and Tesseract instances, so a check (a few hundred ms of CPU) never stalls the event
 * loop of the process that asks for it. The pool answers every check: a worker that throws or
 * a pool that is closing gives `check_it` (fail open to a person, never to `faithful`).
 *
 * A product image's analysis (cut-out, features, colours, text read: 1.2-1.9 s of CPU, the
 * check's p95 when made on the first result) is kept here, by content, and `prepare` makes it
 * ahead, while ProductAI works on the request: the check on a result then analyses only the
 * result. A check whose source was not prepared (a restarted worker) analyses it first.
 */
import { Piscina } from 'piscina';
import type { Logger } from '../platform/logger.ts';
import type { FidelityChecker, FidelityInput, FidelityReport } from './fidelity-report.ts';
import { createSourceCache } from './source-cache.ts';
import type { SourceProduct } from './source-product.ts';
import { uncheckable } from './verdict.ts';

/**
 * Analyses kept: about 2.7 MB each (512 px maps), so ~35 products, more than the requests one
 * worker has at ProductAI at once at 15 results a minute and a minute or two per result.
 */
const KEPT_SOURCE_BYTES = 96 * 1024 * 1024;

export interface FidelityCheckerOptions {
  /** Worker threads, each checking one result at a time. */
  threads: number;
  logger?: Logger;
}

export function createFidelityChecker(options: FidelityCheckerOptions): FidelityChecker {
  const pool = new Piscina({
    filename: new URL('./fidelity-worker.ts', import.meta.url).href,
    minThreads: options.threads,
    maxThreads: options.threads,
    // Each worker loads OpenCV (~10 MB of WebAssembly) and Tesseract once: keep them.
    idleTimeout: Number.POSITIVE_INFINITY,
  });
  const kept = createSourceCache(KEPT_SOURCE_BYTES);
  let closed = false;

  /** The first readable image's analysis (the product is taken from it). */
  async function sourceOf(images: Uint8Array[]): Promise<SourceProduct | null> {
    for (const image of images) {
      const analysis = await kept.analysed(
        image,
        () => pool.run(image, { name: 'analyse' }) as Promise<SourceProduct | null>,
      );
      if (analysis) return analysis;
    }
    return null;
  }

  return {
    async prepare(sources) {
      if (closed) return;
      try {
        await sourceOf(sources);
      } catch (error) {
        // The check analyses the source again (and answers for it) when its result comes.
        options.logger?.warn({ err: error }, 'fidelity: the product image was not analysed ahead');
      }
    },
    async check(input: FidelityInput): Promise<FidelityReport> {
      if (closed) return uncheckable({ code: 'unchecked_shut_down' });
      try {
        const source = await sourceOf(input.sources);
        if (!source) return uncheckable({ code: 'unchecked_product_image_unread' });
        return (await pool.run(
          { source, result: input.result, kind: input.kind },
          { name: 'check' },
        )) as FidelityReport;
      } catch (error) {
        options.logger?.warn({ err: error }, 'fidelity check failed; the result needs a person');
        return uncheckable({ code: 'unchecked_no_run' });
      }
    },
    async close() {
      closed = true;
      await pool.close({ force: true });
    },
  };
}
