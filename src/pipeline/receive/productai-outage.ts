/**
 * Reading a job through a ProductAI outage: a job ProductAI accepted is charged, so its result is
 * not given up because ProductAI stopped answering for a while. Around the await stage's poll:
 *  - a read that fails transiently (productai/errors.ts `productAiFailure`: a 5xx, a 429, a
 *    timeout, a reset, DNS, still failing after the client's own retries) keeps the generation
 *    `processing`, records the wait on it (`waitingFor`, on: 'productai': its view says "Waiting
 *    for ProductAI to come back") and reads again later with capped exponential backoff and
 *    jitter (stages/outage-backoff.ts), until `config.awaiting.outageCeilingMs` after the wait
 *    began; then it fails with the reason, and Try again saves its result for free;
 *  - the first read that gets an answer (any: the job's state, or "no such job") ends the wait
 *    and adds its length to `productAiUnreachableMs`: the await deadline is extended by it
 *    (poll-schedule.ts `untilDeadline`), so it counts only time during which ProductAI answered;
 *    and it brings forward the reads of the other waiting generations (of every shop) that it
 *    covers (below; context.ts `productAiBack`), as the probe's answer does (productai-probe.ts),
 *    so they are read within a probe's interval of ProductAI's return, not each at its next
 *    backed-off read;
 *  - a generation's first read while ProductAI is known to be unreachable (others wait on it:
 *    productai-waits.ts) joins the wait without a call: through an outage of hours, the reads of
 *    the generations reaching their first poll do not each fail (with the client's retries).
 *
 * Which waits a first read joins (the choice): a wait is scoped by what its failure says. A
 * 5xx, a timeout, a reset, DNS, a garbled answer say ProductAI itself cannot answer, for every
 * account alike: such a wait is UNREACHABLE's, and every account's first read joins it. A 429
 * says only that the account the job was read with is over its rate limit (ProductAI limits each
 * account on its own): such a wait is that account's (`productAiAccount`), and only generations
 * of the same account join it; another account's first read calls ProductAI as usual, so one
 * merchant's limit never delays another's results. A generation sent before its account was
 * recorded has none: its 429 counts as ProductAI's own, as all did before. A later read of a
 * waiting generation (its own, or the probe's) moves its wait to the scope of its latest failure.
 *
 * What an answer ends: the waits it covers. An answered read with account A's key ends
 * ProductAI's own wait (it answered, so it is reachable) and A's rate limit's, never account
 * B's: B's limit is B's, and reading B's jobs again before it ends would only be refused (and
 * count against it). The probe reads each waiting scope (productai-probe.ts).
 *
 * A 429 says how long to wait (its Retry-After; productai/errors.ts `retryAfterMs`): the
 * account's next reads, its generations' and the probe's, are not made before, and the
 * generation's view says when it is read again (generation-view.ts).
 */
import { currentWait, StaleTransitionError, type Generation } from '../generations/generation.ts';
import { DONE, later, type GenerationRef, type StageOutcome } from '../stages/stage.ts';
import { outageDelay, outageDuration } from '../stages/outage-backoff.ts';
import { toldWhy } from '../generations/reason.ts';
import type { PipelineContext } from '../context.ts';
import { UNREACHABLE } from './productai-waits.ts';

/** What a generation's wait for ProductAI reads and writes. */
export type ProductAiOutageContext = Pick<
  PipelineContext,
  'generations' | 'productAiWaits' | 'productAiBack' | 'clock' | 'config' | 'logger'
>;

/** The current ProductAI wait of a processing generation, or null. */
function productAiWait(generation: Generation) {
  const wait = currentWait(generation);
  return wait?.on === 'productai' ? wait : null;
}

/** How long ProductAI did not answer this generation's reads: waits ended, and the one under way. */
export function unreachableMs(now: number, generation: Generation): number {
  const wait = productAiWait(generation);
  return (
    (generation.productAiUnreachableMs ?? 0) +
    (wait ? Math.max(0, now - Date.parse(wait.since)) : 0)
  );
}

/** ProductAI answered a read: the wait (if any) ends and its length is counted. */
export async function productAiAnswered(
  ctx: ProductAiOutageContext,
  ref: GenerationRef,
  generation: Generation,
): Promise<Generation> {
  const wait = productAiWait(generation);
  if (!wait) return generation;
  const patch = {
    waitingFor: null,
    productAiUnreachableMs: unreachableMs(ctx.clock.now(), generation),
  };
  await ctx.generations.patch(ref.shop, ref.generationId, patch, {
    note: 'ProductAI answers again',
  });
  await ctx.productAiWaits.remove(ref);
  await ctx.productAiBack(generation.productAiAccount);
  return { ...generation, ...patch };
}

/**
 * The scope of the wait a failed read starts (see the header): its account's for a 429, when the
 * account is known (a generation sent before it was recorded has none), else ProductAI's own.
 */
export function waitScope(generation: Generation, failure: 'unreachable' | 'rate-limited'): string {
  return failure === 'rate-limited' && generation.productAiAccount !== null
    ? generation.productAiAccount
    : UNREACHABLE;
}

/**
 * The known outage the generation's read joins without a call, or null: it does not wait yet,
 * and others wait in a scope that covers it (their reads failed, none answered since).
 */
export async function knownOutage(
  ctx: ProductAiOutageContext,
  generation: Generation,
): Promise<string | null> {
  if (productAiWait(generation) !== null) return null;
  return ctx.productAiWaits.joinable(generation.productAiAccount);
}

/**
 * A read failed transiently (or joins a known outage): wait in `scope` and read again, or fail
 * past the ceiling. `retryAfterMs`: the wait a 429 asked for (0: none).
 */
export async function waitForProductAi(
  ctx: ProductAiOutageContext,
  ref: GenerationRef,
  generation: Generation & { productAiJobId: number },
  scope: string,
  retryAfterMs = 0,
): Promise<StageOutcome> {
  const now = ctx.clock.now();
  const wait = productAiWait(generation);
  const since = wait ? Date.parse(wait.since) : now;
  const failures = (wait?.failures ?? 0) + 1;
  const { awaiting } = ctx.config;
  if (now - since >= awaiting.outageCeilingMs) {
    ctx.logger.error({ ...ref, since: wait?.since }, 'ProductAI unreachable past the ceiling');
    await ctx.productAiWaits.remove(ref);
    try {
      await ctx.generations.transition(ref.shop, ref.generationId, {
        from: ['processing'],
        to: 'failed',
        patch: {
          waitingFor: null,
          ...toldWhy(
            {
              code: 'reason_productai_silent',
              params: {
                time: outageDuration(awaiting.outageCeilingMs),
                job: generation.productAiJobId ?? '',
              },
            },
            { code: 'action_save_again' },
          ),
        },
        note: 'ProductAI unreachable past the ceiling',
      });
    } catch (error) {
      if (!(error instanceof StaleTransitionError)) throw error;
    }
    return DONE;
  }
  ctx.logger.warn({ ...ref, failures, scope }, 'ProductAI unreachable; reading the job later');
  const limited = scope !== UNREACHABLE;
  if (limited) await ctx.productAiWaits.deferProbe(scope, retryAfterMs);
  // An account's limit: not read again before it said (or, joining its wait, what is left), but
  // at the ceiling at the latest, where a read still refused fails it.
  const left = since + awaiting.outageCeilingMs - now;
  const notBefore = limited ? Math.min(await ctx.productAiWaits.probeIn(scope), left) : 0;
  const delayMs = Math.max(outageDelay(awaiting, failures), notBefore);
  const readAgainAt = limited ? { readAgainAt: new Date(now + delayMs).toISOString() } : {};
  await ctx.generations.patch(
    ref.shop,
    ref.generationId,
    {
      waitingFor: {
        since: new Date(since).toISOString(),
        failures,
        on: 'productai',
        ...readAgainAt,
        // Its view says until when the app keeps trying (generation-view.ts).
        givesUpAt: new Date(since + awaiting.outageCeilingMs).toISOString(),
      },
    },
    wait ? {} : { note: 'waiting for ProductAI to come back' },
  );
  // Before the job is delayed: an answer meanwhile finds it running and leaves it waiting, for
  // the probe's next answer (context.ts `productAiBack`).
  await ctx.productAiWaits.add({ ...ref, scope }, now + delayMs);
  return later(delayMs);
}
