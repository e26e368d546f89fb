/**
 * While generations wait out a ProductAI outage (productai-outage.ts), a worker asks ProductAI
 * every `config.awaiting.probeEveryMs` whether it answers again, in each scope something waits
 * in (productai-waits.ts): one read, without the client's retries, of the job of a generation
 * waiting there, with the key it was sent with. In ProductAI's own scope any waiting generation
 * will do; in an account's (its rate limit) one of that account's, so the read is made with that
 * account's key and says whether its limit is over. (A job read, not the key check: the outage
 * the app meets is its job reads failing, which the key check need not share.)
 *
 * An answer (the job, or "no such job") ends the waits it covers, as a generation's own
 * answered read does (context.ts `productAiBack`): ProductAI's own and the key's account's;
 * their await jobs are promoted, shops in turn, so they are read within a probe's interval of
 * ProductAI's return, not each at its own next read, which backs off to a minute apart
 * (`outageMaxDelayMs`). Measured: bench/faults.ts `--productai-outage-s` (docs/benchmarks.md).
 * A failure moves the probed generation's wait to the scope it speaks for, as its own read
 * would; a 429 also holds the account's probes until its Retry-After.
 *
 * Bounded: a probe read in a scope claims it for an interval, across workers (at most one probe
 * read per scope per interval however many workers probe), and a worker reads in at most
 * SCOPES_PER_TICK scopes a tick, going round the accounts when more wait. The generations' own
 * reads go on meanwhile; the probe only brings the end forward, and reads nothing when nothing
 * waits.
 */
import type { Clock } from '../../platform/clock.ts';
import type { Logger } from '../../platform/logger.ts';
import { accountOf } from '../../productai/account.ts';
import { isProductAiError, isTransientProductAiError } from '../../productai/errors.ts';
import type { PipelineContext } from '../context.ts';
import { currentWait } from '../generations/generation.ts';
import { waitScope } from './productai-outage.ts';
import { UNREACHABLE } from './productai-waits.ts';
import { submissionKey } from './submission-key.ts';

export interface ProductAiProbe {
  stop(): Promise<void>;
}

/** Waiting generations looked at in a scope for one to read with (the others are stale). */
const LOOK_AT = 20;

/**
 * Scopes read in per tick: ProductAI's own and 9 accounts, their reads at once. A tick's work
 * stays the same however many accounts are limited (10 reads, each at most the client's read
 * timeout, and ~LOOK_AT Redis reads a scope), and the accounts take turns: with S of them
 * waiting, each is read at least every S/9 intervals (a minute for 100 accounts at 5 s), its
 * generations' own reads (a minute apart at most) going on meanwhile.
 */
const SCOPES_PER_TICK = 10;

/**
 * Scopes looked at per tick for ones to claim (the others are claimed, or held by a Retry-After):
 * two Redis round trips each, so a tick that finds all 100 held costs 6-10 ms p50, 10-32 ms p95
 * with 100 or 1,000 accounts waiting (local Redis, load 7-8), against an interval of 5 s.
 */
const SCOPES_LOOKED_AT = 100;

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
  const { context, clock, logger, everyMs } = deps;
  const waits = context.productAiWaits;
  const stopping = new AbortController();
  /** The last account scope looked at: the next tick goes on after it. */
  let after: string | null = null;

  /** A generation still waiting in the scope, with its job and key; null when none is. */
  async function readIn(scope: string) {
    for (const ref of await waits.inScope(scope, LOOK_AT)) {
      const generation = await context.generations.get(ref.shop, ref.generationId);
      if (
        generation?.state === 'processing' &&
        generation.productAiJobId !== null &&
        currentWait(generation)?.on === 'productai'
      ) {
        const apiKey = await submissionKey(context.settings, generation);
        if (apiKey) return { ref, generation, apiKey, jobId: generation.productAiJobId };
      }
      // It stopped waiting without an answer that said so (settled otherwise, removed), or its
      // key is gone: its own read settles it, and the probe reads with another.
      await waits.remove(ref);
    }
    return null;
  }

  async function probe(scope: string): Promise<void> {
    const read = await readIn(scope);
    if (read === null) return;
    try {
      await context.productAi(read.apiKey, ONE_READ).getJob(read.jobId);
    } catch (error) {
      // Not ProductAI's answer at all: logged, left to the reads.
      if (!isProductAiError(error)) {
        logger.warn({ ...read.ref, err: error }, 'ProductAI probe failed');
        return;
      }
      // Still down, or still limited: the waits go on, this one in the scope it speaks for.
      if (isTransientProductAiError(error)) {
        const limited = isProductAiError(error, 'rate_limited');
        const failed = waitScope(read.generation, limited ? 'rate-limited' : 'unreachable');
        if (limited && failed !== UNREACHABLE)
          await waits.deferProbe(failed, error.retryAfterMs ?? 0);
        if (failed !== scope) await waits.move({ ...read.ref, scope: failed });
        return;
      }
      // Any other error is ProductAI's answer (no such job, key refused): it is back.
    }
    await context.productAiBack(accountOf(read.apiKey));
    logger.info(
      { ...read.ref, scope },
      'ProductAI answers again; the waiting generations read now',
    );
  }

  /** The scopes this tick reads in, claimed: ProductAI's own first, then accounts in turn. */
  async function claimScopes(): Promise<string[]> {
    const claimed: string[] = [];
    for (const scope of await waits.scopes(after, SCOPES_LOOKED_AT)) {
      if (claimed.length === SCOPES_PER_TICK) break;
      if (scope !== UNREACHABLE) after = scope;
      if (await waits.claimProbe(scope, everyMs)) claimed.push(scope);
    }
    return claimed;
  }

  const loop = (async () => {
    while (!stopping.signal.aborted) {
      await clock.sleep(everyMs, stopping.signal).catch(() => {});
      if (stopping.signal.aborted) break;
      try {
        const scopes = await claimScopes();
        await Promise.all(
          scopes.map((scope) =>
            probe(scope).catch((error: unknown) =>
              logger.warn({ err: error, scope }, 'ProductAI probe could not run; trying again'),
            ),
          ),
        );
      } catch (error) {
        logger.warn({ err: error }, 'ProductAI probe could not run; trying again next time');
      }
    }
  })();
  return {
    async stop() {
      stopping.abort();
      await loop;
    },
  };
}
