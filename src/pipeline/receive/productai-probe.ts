/**
 * While generations wait out a ProductAI outage (productai-outage.ts), a worker asks ProductAI
 * every `config.awaiting.probeEveryMs` whether it answers again: one read, without the client's
 * retries, of the job of the waiting generation whose own read is due first, with the key it
 * was sent with (a job read, not the key check: the outage the app meets is its job reads
 * failing, which the key check need not share). Any answer (the job, or "no such job") ends
 * the outage for every waiting generation of every shop, as a generation's own answered read
 * does (context.ts `productAiBack`): their await jobs are promoted, shops in turn, so they are
 * read within a probe's interval of ProductAI's return, not each at its own next read, which
 * backs off to a minute apart (`outageMaxDelayMs`). Measured: bench/faults.ts
 * `--productai-outage-s` (docs/benchmarks.md).
 *
 * The generations' own reads go on meanwhile; the probe only brings the end forward. Several
 * workers may probe at once: each is one read every interval while something waits, and
 * nothing when nothing does.
 */
import type { Clock } from '../../platform/clock.ts';
import type { Logger } from '../../platform/logger.ts';
import { isProductAiError, isTransientProductAiError } from '../../productai/errors.ts';
import type { PipelineContext } from '../context.ts';
import { currentWait } from '../generations/generation.ts';
import { submissionKey } from './submission-key.ts';

export interface ProductAiProbe {
  stop(): Promise<void>;
}

/** Waiting generations looked at per probe for one to read with (the others are stale). */
const LOOK_AT = 20;

/** One try: the probe is the cheap read, and the next one comes an interval later anyway. */
const ONE_READ = { readRetry: { attempts: 1, baseDelayMs: 0, maxDelayMs: 0 } };

export function startProductAiProbe(deps: {
  context: Pick<
    PipelineContext,
    'generations' | 'settings' | 'productAi' | 'productAiWaits' | 'productAiBack'
  >;
  everyMs: number;
  clock: Clock;
  logger: Logger;
}): ProductAiProbe {
  const { context, clock, logger } = deps;
  const stopping = new AbortController();

  /** The job and key of the first generation still waiting on ProductAI; null when none is. */
  async function readToProbe() {
    for (const ref of await context.productAiWaits.first(LOOK_AT)) {
      const generation = await context.generations.get(ref.shop, ref.generationId);
      if (
        generation?.state === 'processing' &&
        generation.productAiJobId !== null &&
        currentWait(generation)?.on === 'productai'
      ) {
        const apiKey = await submissionKey(context.settings, generation);
        if (apiKey) return { ref, apiKey, jobId: generation.productAiJobId };
      }
      // It stopped waiting without an answer that said so (settled otherwise, removed), or its
      // key is gone: its own read settles it, and the probe reads with another.
      await context.productAiWaits.remove(ref);
    }
    return null;
  }

  async function probe(): Promise<void> {
    const read = await readToProbe();
    if (read === null) return;
    try {
      await context.productAi(read.apiKey, ONE_READ).getJob(read.jobId);
    } catch (error) {
      // Still down: the waits go on. Not ProductAI's answer at all: logged, left to the reads.
      if (isTransientProductAiError(error)) return;
      if (!isProductAiError(error)) {
        logger.warn({ ...read.ref, err: error }, 'ProductAI probe failed');
        return;
      }
      // Any other error is ProductAI's answer (no such job, key refused): it is back.
    }
    await context.productAiBack();
    logger.info({ ...read.ref }, 'ProductAI answers again; the waiting generations read now');
  }

  const loop = (async () => {
    while (!stopping.signal.aborted) {
      await clock.sleep(deps.everyMs, stopping.signal).catch(() => {});
      if (stopping.signal.aborted) break;
      await probe().catch((error: unknown) =>
        logger.warn({ err: error }, 'ProductAI probe could not run; trying again next time'),
      );
    }
  })();
  return {
    async stop() {
      stopping.abort();
      await loop;
    },
  };
}
