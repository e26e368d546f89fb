/**
 * Saving waits out a Shopify outage: a result ProductAI made and charged for is not given up
 * because Shopify was down for a minute. Around the attach and verify stages:
 *  - a transient failure (a 5xx or a dropped connection on a mutation, a query or a throttle
 *    still failing after the Admin client's own retries, a timeout, a reset, DNS, an interrupted
 *    staged upload) keeps the generation `saving`, records the wait on it (`waitingFor`: its
 *    view says "Waiting for Shopify to come back") and runs the stage again later, with capped
 *    exponential backoff and jitter, until `config.saving.outageCeilingMs` after the wait began
 *    (when the shop's saves first met this outage: shopify-down-since.ts);
 *    a stage try that works ends the wait, and the waits of every other result (of every shop)
 *    with it: they are tried at once, each shop's in turn (limits/stage-turns.ts), so the
 *    results of all shops resume together when Shopify comes back; a probe asks Shopify every
 *    few seconds meanwhile, and its answer ends them too (shopify-probe.ts);
 *  - a result's first try while its shop's saves meet an outage joins the wait without a call;
 *  - a permanent failure (Shopify refused the input: a userError, a 4xx, a GraphQL error that
 *    is not a throttle) fails the generation at once with the reason;
 *  - anything else (Redis, ProductAI's file server) is the stage runtime's to retry as before.
 * Repeating a stage is safe: both are idempotent by the generation's state (attach-stage.ts,
 * verify-stage.ts), and a mutation that ran before its connection dropped is found, not redone.
 */
import {
  AdminGraphqlError,
  AdminHttpError,
  AdminNetworkError,
  AdminRetriesExhaustedError,
  ShopifyUserErrors,
} from '../../shopify/admin-errors.ts';
import type { PipelineContext } from '../context.ts';
import { SHOPIFY_WAIT_NOTE, currentWait, type Generation } from '../generations/generation.ts';
import {
  DONE,
  later,
  type GenerationRef,
  type StageHandler,
  type StageOutcome,
} from '../stages/stage.ts';
import { outageDelay, outageDuration as duration } from '../stages/outage-backoff.ts';
import { fail } from './attach-stage.ts';
import { ShopifyFilesError } from './shopify-files.ts';

/** What waiting out Shopify's outage uses (the stage held through it may use more). */
export type ShopifyOutageContext = Pick<
  PipelineContext,
  'generations' | 'shopifyDown' | 'shopifyBack' | 'clock' | 'config' | 'logger'
>;

export { outageDelay } from '../stages/outage-backoff.ts';

export type ShopifyFailure =
  | { kind: 'transient' }
  | { kind: 'permanent'; reason: string }
  /** Not a failure of Shopify's: the stage runtime retries it as any other. */
  | null;

/** Whether an error of the save stages is Shopify's, and whether trying again can help. */
export function classifyShopifyError(error: unknown): ShopifyFailure {
  if (error instanceof AdminNetworkError || error instanceof AdminRetriesExhaustedError)
    return { kind: 'transient' };
  if (error instanceof AdminHttpError) {
    if (error.status >= 500 || error.status === 429 || error.status === 408)
      return { kind: 'transient' };
    return { kind: 'permanent', reason: `Shopify refused the result (HTTP ${error.status}).` };
  }
  if (error instanceof AdminGraphqlError) {
    if (error.errors.some((entry) => entry.extensions?.code === 'THROTTLED'))
      return { kind: 'transient' };
    return {
      kind: 'permanent',
      reason: `Shopify refused the result: ${error.errors[0]?.message}.`,
    };
  }
  if (error instanceof ShopifyUserErrors) {
    return {
      kind: 'permanent',
      reason: `Shopify refused the result: ${error.userErrors[0]?.message}.`,
    };
  }
  if (error instanceof ShopifyFilesError) {
    if (error.code === 'user_error') return { kind: 'permanent', reason: `${error.message}.` };
    const status = error.httpStatus;
    if (status !== null && status < 500 && status !== 429 && status !== 408)
      return { kind: 'permanent', reason: `${error.message}.` };
    return { kind: 'transient' };
  }
  return null;
}

/** `error`: what the try met; null when none was made (the shop's outage was known). */
async function waitForShopify(
  ref: GenerationRef,
  ctx: ShopifyOutageContext,
  error: unknown,
  known?: Generation,
): Promise<StageOutcome> {
  const generation = known ?? (await ctx.generations.get(ref.shop, ref.generationId));
  if (!generation || generation.state !== 'saving') return DONE;
  const now = ctx.clock.now();
  const wait = currentWait(generation);
  const { saving } = ctx.config;
  // A result's first failure joins the shop's outage where it began (shopify-down-since.ts).
  const since = wait
    ? Date.parse(wait.since)
    : await ctx.shopifyDown.since(ref.shop, now, 2 * saving.outageCeilingMs);
  const failures = (wait?.failures ?? 0) + 1;
  if (now - since >= saving.outageCeilingMs) {
    ctx.logger.error(
      { ...ref, err: error, since: wait?.since },
      'Shopify unreachable past the ceiling',
    );
    return fail(
      ctx,
      ref,
      { code: 'reason_shopify_silent', params: { time: duration(saving.outageCeilingMs) } },
      { code: 'action_save_again' },
    );
  }
  ctx.logger.warn(
    { ...ref, err: error ?? 'the shop’s saves meet an outage', failures },
    'Shopify unreachable; saving later',
  );
  await ctx.generations.patch(
    ref.shop,
    ref.generationId,
    {
      waitingFor: {
        since: new Date(since).toISOString(),
        failures,
        // Its view says until when the app keeps trying (generation-view.ts).
        givesUpAt: new Date(since + saving.outageCeilingMs).toISOString(),
      },
    },
    wait ? {} : { note: SHOPIFY_WAIT_NOTE },
  );
  // Marked as a wait on Shopify's outage: it ends early, with every shop's, once Shopify
  // answers one of them again (below, and limits/stage-turns.ts).
  return later(outageDelay(saving, failures), 'shopify');
}

/**
 * A first try while the shop's saves are known to meet an outage joins the wait without asking
 * Shopify: through an outage of hours, the shop's hundreds of results do not each call it (and
 * at 2 s waits under load, the waiting ones' tries took every turn of the shop before the
 * others had their first). The waiting ones' own tries and the probe (shopify-probe.ts) find
 * Shopify's return.
 */
async function joinsKnownOutage(ref: GenerationRef, ctx: ShopifyOutageContext) {
  if ((await ctx.shopifyDown.downSince(ref.shop)) === null) return null;
  const generation = await ctx.generations.get(ref.shop, ref.generationId);
  return generation?.state === 'saving' && !currentWait(generation) ? generation : null;
}

/** The stage, holding its generation through Shopify's outages (see the header). */
export function holdThroughOutage<Ctx extends ShopifyOutageContext>(
  stage: StageHandler<Ctx>,
): StageHandler<Ctx> {
  return async (ref, ctx) => {
    const waiting = await joinsKnownOutage(ref, ctx);
    if (waiting) return waitForShopify(ref, ctx, null, waiting);
    let outcome: StageOutcome;
    try {
      outcome = await stage(ref, ctx);
    } catch (error) {
      const failure = classifyShopifyError(error);
      if (!failure) throw error;
      if (failure.kind === 'transient') return waitForShopify(ref, ctx, error);
      ctx.logger.warn({ ...ref, err: error }, 'Shopify refused the result');
      return fail(ctx, ref, failure.reason);
    }
    await ctx.shopifyDown.answered(ref.shop);
    const after = await ctx.generations.get(ref.shop, ref.generationId);
    if (after?.waitingFor) {
      await ctx.generations.patch(ref.shop, ref.generationId, { waitingFor: null });
      // Shopify answers again: the other results waiting for it, of every shop, try now, in
      // their shops' turns, instead of each after the rest of a backoff of up to a minute.
      await ctx.shopifyBack();
    }
    return outcome;
  };
}
