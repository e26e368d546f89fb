/**
 * A result the fidelity check calls `changed` is made again (the shop's `fidelityRetries`, 1 by
 * default, at most 3; none while its guard is `off`, and never for a video). Verify decides it,
 * once the result is READY and before any hold or publishing:
 *
 *  - changed, tries left: the next try is a new generation, the same request (product, images,
 *    options, bulk run, option group, rule or Flow origin, variant), `retryOf` this one and
 *    `tries` { number, of, first } on both. It is a request of its own: charged by ProductAI,
 *    reserved first on what counts the work (a bulk run's budget, the daily cap of automatic
 *    work: `TryGate`, given by the composition root), then put in the pipeline's line like any
 *    generation (rate limit, fair turns, submit's claims). This one waits in review meanwhile.
 *    A gate that says no ends the tries: the new try is `cancelled` with the reason (nothing
 *    charged) and this result is held for review as without retries. So does the shop's cap of
 *    generations not yet final (README, Quotas per shop), checked as the try is created: past
 *    it no try is stored at all, and the hold's note says why it was not made again.
 *  - faithful after changed tries: the earlier tries still waiting are discarded, and this one
 *    goes where the holds and settings send it, as any faithful result (a rule or a campaign
 *    publishes it, a click's review mode holds it).
 *  - the last try not faithful (changed with no try left, check it, or the tries stopped): the
 *    closest try is held for review (a better verdict, then fewer findings, then the later
 *    try), with the reason; the others are discarded, their results kept in Files and their
 *    records linked (`tries`, `retryOf`, `retriedBy`), so Activity shows them beside it.
 *
 * Crash-exact: the next try is created with a claim on this try's id (store.createOnce), so a
 * verify repeated after a crash anywhere gets the same try back, never a second one (refused by
 * the cap, nothing is claimed: a repeat decides again, and the move below records one outcome); its gate
 * is idempotent per generation id and taken only while it is still `queued`; putting it in line
 * again changes nothing (and only `queued` can be submitted, once). Everything here happens
 * before this generation leaves `saving`, so a crash before that move repeats it all, and the
 * move is the last step: exactly one next try per changed try, never none while tries remain.
 */
import type { CodedText } from '../../app-api/error-codes.ts';
import { shopKeyspace } from '../../platform/keys.ts';
import type { PipelineContext } from '../context.ts';
import {
  StaleTransitionError,
  type FidelityRecord,
  type FidelityTryRecord,
  type Generation,
  type NewGeneration,
} from '../generations/generation.ts';
import { tryAtCapHeldReason, tryAtCapReason } from '../limits/shop-quotas.ts';
import { fidelityHoldNote } from './fidelity-holds.ts';
import { wasApprovedByMerchant } from './result-holds.ts';

/** What deciding a changed result's try reads and moves. */
type TryContext = Pick<PipelineContext, 'generations' | 'settings' | 'tries' | 'config'>;

const claimKeys = shopKeyspace('fidelity-tries');

/** A try's claim outlives any repeat of its verify (a stage's retries take minutes). */
const CLAIM_TTL_MS = 30 * 86_400_000;

/** What verify does with this result; null: decide as for any result (holds, settings). */
export type TryDecision =
  | { to: 'in_review'; note: string; reason?: CodedText }
  | { to: 'discarded'; note: string; reason: CodedText }
  | null;

const RANK: Record<FidelityRecord['verdict'], number> = {
  faithful: 3,
  check_it: 2,
  not_checked: 1,
  changed: 0,
};

/**
 * The try closest to the product: the best verdict, then the fewest findings, then the later
 * try (the list is in try order).
 */
export function closestTry<T extends Pick<Generation, 'fidelity'>>(tries: readonly T[]): T {
  let best = tries[0]!;
  for (const candidate of tries.slice(1)) {
    const a = candidate.fidelity;
    const b = best.fidelity;
    const rank = RANK[a?.verdict ?? 'not_checked'] - RANK[b?.verdict ?? 'not_checked'];
    const fewer = (b?.findings.length ?? 0) - (a?.findings.length ?? 0);
    if (rank > 0 || (rank === 0 && fewer >= 0)) best = candidate;
  }
  return best;
}

export async function decideTry(ctx: TryContext, generation: Generation): Promise<TryDecision> {
  const report = generation.fidelity;
  if (!report || !ctx.tries || wasApprovedByMerchant(generation)) return null;
  let refusal: string | null = null;
  if (report.verdict === 'changed' && generation.kind !== 'video') {
    const settings = await ctx.settings.get(generation.shop);
    const tries: FidelityTryRecord = generation.tries ?? {
      number: 1,
      of: 1 + settings.fidelityRetries,
      first: generation.id,
    };
    if (settings.fidelityGuard !== 'off' && tries.number < tries.of) {
      refusal = await nextTry(ctx, generation, tries);
      if (refusal === null) {
        return {
          to: 'in_review',
          note: `${fidelityHoldNote(report)}; made again (try ${tries.number + 1} of ${tries.of})`,
        };
      }
      // The tries end here: the record now says which try this was.
      generation = { ...generation, tries };
    }
  }
  if (!generation.tries) return null;
  const decision = await lastTry(ctx, generation, refusal);
  // Past the shop's cap no try was stored to say why: the result waiting for review says it.
  if (refusal === atCapRefusal(ctx) && decision?.to === 'in_review') {
    return { ...decision, reason: tryAtCapHeldReason(ctx.config.quotas.pendingPerShop) };
  }
  return decision;
}

const atCapRefusal = (ctx: TryContext) =>
  `not made again: ${tryAtCapReason(ctx.config.quotas.pendingPerShop)}`;

/**
 * Makes the try after `generation` once, and puts it in line if its gate admits it; answers
 * null, or why it was not made (then it is `cancelled`, nothing charged).
 */
async function nextTry(
  ctx: TryContext,
  generation: Generation,
  tries: FidelityTryRecord,
): Promise<string | null> {
  const { shop } = generation;
  const input: NewGeneration = {
    shop,
    kind: generation.kind,
    productId: generation.productId,
    productTitle: generation.productTitle,
    productImageUrl: generation.productImageUrl,
    sourceMediaIds: generation.sourceMediaIds,
    sourceImageUrls: generation.sourceImageUrls,
    params: generation.params,
    estimatedCredits: generation.estimatedCredits,
    priority: generation.priority,
    bulkRunId: generation.bulkRunId,
    optionGroup: generation.optionGroup,
    origin: generation.origin,
    variant: generation.variant && { ...generation.variant, previousMediaIds: null },
    retryOf: generation.id,
    tries: { ...tries, number: tries.number + 1 },
  };
  // Within the shop's cap of generations not yet final: past it the try is not made (nothing is
  // stored, not even the claim), and this result waits for review as when a gate says no.
  const cap = ctx.config.quotas.pendingPerShop;
  const { ids, overCap } = await ctx.generations.createOnce(
    [input],
    { key: claimKeys.key(shop, generation.id), ttlMs: CLAIM_TTL_MS },
    { cap },
  );
  if (overCap) return atCapRefusal(ctx);
  const id = ids[0]!;
  if (generation.retriedBy !== id) {
    await ctx.generations.patch(shop, generation.id, { tries, retriedBy: id });
  }
  const next = await ctx.generations.get(shop, id);
  if (!next) return 'the next try is gone';
  if (next.state === 'cancelled') return next.reason ?? 'the next try was cancelled';
  // Already past the line (a repeat after the crash of a verify that put it there): on its way.
  if (next.state !== 'queued') return null;
  const admission = await ctx.tries!.gate.reserve(next);
  if (!admission.admitted) {
    try {
      await ctx.generations.transition(shop, id, {
        from: ['queued'],
        to: 'cancelled',
        patch: { reason: `Not made: ${admission.reason}. Nothing was charged.`, action: null },
        note: `Not made again: ${admission.reason}`,
      });
    } catch (error) {
      if (!(error instanceof StaleTransitionError)) throw error;
    }
    return `not made again: ${admission.reason}`;
  }
  await ctx.tries!.admit(next);
  return null;
}

/** The earlier tries, first to last (each names the try it was made after). */
async function earlierTries(ctx: TryContext, generation: Generation): Promise<Generation[]> {
  const earlier: Generation[] = [];
  let previous = generation.tries && generation.tries.number > 1 ? generation.retryOf : null;
  while (previous && earlier.length < 4) {
    const found = await ctx.generations.get(generation.shop, previous);
    if (!found) break;
    earlier.unshift(found);
    previous = found.tries && found.tries.number > 1 ? found.retryOf : null;
  }
  return earlier;
}

async function lastTry(
  ctx: TryContext,
  generation: Generation,
  refusal: string | null,
): Promise<TryDecision> {
  const tries = generation.tries!;
  const earlier = await earlierTries(ctx, generation);
  // The merchant approved an earlier try meanwhile (published, or on its way): it is theirs.
  const approved = earlier.find(
    (one) => one.state === 'published' || (one.state === 'saving' && wasApprovedByMerchant(one)),
  );
  if (approved) {
    const number = approved.tries?.number ?? 1;
    return { to: 'in_review', note: `Held for review: try ${number} was approved meanwhile` };
  }
  // An earlier try is `saving` still when its verify was cut off by a crash after it made this
  // try, and repeats a lock's time later: this try decides for it (its verify then finds it
  // moved on, or moves it to review if it is the one kept).
  const waiting = earlier.filter((one) => one.state === 'in_review' || one.state === 'saving');
  const report = generation.fidelity!;
  if (report.verdict === 'faithful') {
    await discardAll(ctx, waiting, `Replaced by try ${tries.number}, faithful to the product`);
    return null;
  }
  const best = closestTry([...waiting, generation]);
  const bestNumber = best.tries?.number ?? 1;
  const others = waiting.filter((one) => one.id !== best.id);
  await discardAll(
    ctx,
    others,
    `Not kept: try ${bestNumber} is closer to the product and waits for review`,
  );
  const count = waiting.length + 1;
  if (best.id === generation.id) {
    const why = refusal ?? (count > 1 ? `the closest of ${count} tries` : null);
    return {
      to: 'in_review',
      note: why ? `${fidelityHoldNote(report)}; ${why}` : fidelityHoldNote(report),
    };
  }
  return {
    to: 'discarded',
    note: `Not kept: try ${bestNumber} is closer to the product and waits for review`,
    reason: { code: 'try_closer_kept', params: { try: bestNumber } },
  };
}

async function discardAll(ctx: TryContext, tries: readonly Generation[], note: string) {
  for (const one of tries) {
    try {
      await ctx.generations.transition(one.shop, one.id, {
        from: ['in_review', 'saving'],
        to: 'discarded',
        patch: { reason: `${note}.`, action: null },
        note,
      });
    } catch (error) {
      if (!(error instanceof StaleTransitionError)) throw error;
    }
  }
}
