/**
 * Generations in Redis, with ONE way to change a generation's state: `transition`, a Lua script
 * that checks the current state against the caller's `from` list and, in the same atomic step,
 * writes the new state, the patch, the history entry and the indexes. Two workers, a webhook and
 * a poll racing for one generation therefore produce exactly one winner; the others get a
 * StaleTransitionError and do nothing. The state machine itself is described in state-machine.ts.
 *
 * Layout (keys.ts): a hash per generation (one field per record field, JSON-encoded, so a patch
 * never rewrites fields it does not name), a list of transitions, and sorted sets as indexes
 * (all, by state, by bulk run, by bulk run and state, by product, by option group) whose
 * members are ids with score 0: ids are time-sortable (ids.ts), so lexicographic order is
 * creation order and paging needs no scores.
 * Per-bulk-run state counters are kept by the same script, so progress counts are O(1).
 *
 * Counters (lua/includes/generation-counters.lua), written in the same atomic step as the
 * change that causes them, so they are exact and reading them is O(1) in the shop's history
 * (measured by bench/history-growth.ts: a full re-read took 2.7 s at 50,000 generations):
 *  - generations by state, per shop and app-wide (create counts `queued`, each transition moves
 *    one from its state to the next);
 *  - credits charged, per shop, day (UTC, of `submittedAt`, else `createdAt`) and model (or
 *    `upscale`): whatever changes `chargedCredits` adds the difference, so a charge counts once
 *    and a refund (chargedCredits lowered) takes it back. Day hashes expire on their own (long)
 *    TTL.
 * Generations created before the counters existed are not counted: a transition never takes a
 * count below zero, and `recountStates` (run once per shop after the upgrade, by
 * recount-states.ts) sets the counts from the state indexes. The app-wide counts are always the
 * sum of the shops' (both move in the same step), so an erased shop's counts leave with it
 * (`forgetShop`).
 *
 * Retention: a generation that reaches a terminal state gets a TTL on its record and history
 * (`retentionMs` after it ended), and an entry in the shop's retention set scored by that time.
 * The index entries are not trimmed on write (an index of a product no one touches again would
 * keep them forever) but by a bounded periodic sweep (`sweepExpired`): it takes the shops whose
 * earliest expiry is due from an app-wide set, and removes at most `batch` entries per shop per
 * run, each retention member naming the indexes it sits in, so the sweep never needs the record.
 * Counters and bulk-run totals are separate keys: they survive it.
 *
 * Expiry of work waiting on the merchant: a generation moving into `in_review` or `paused` is
 * put, in the same step, in the shop's expiry set scored by when it is due (config `expiry`), and
 * taken out by the move that ends the wait; the shop is in an app-wide set by its earliest. A
 * sweep (line/expiry-sweeper.ts) reads what is due (`dueToExpire`) and ends it by `transition`.
 *
 * Code: each operation is a file of store/ (as Shopify's shopify-app-js lays out a feature: one
 * factory, its types, one file per operation), a function that takes the part of the deps it
 * uses and answers the method, so this factory only assembles them. Shared by several:
 * store/types.ts (the interface, re-exported here), store/record.ts (the hash's fields and
 * their encoding), store/counters-context.ts (what transition and patch tell the counters).
 */
import { create, createOnce, prepare } from './store/create.ts';
import { get } from './store/get.ts';
import { count, list } from './store/list.ts';
import { idsInRunState, idsInState } from './store/ids-in-state.ts';
import { candidateGroup } from './store/candidate-group.ts';
import { transition } from './store/transition.ts';
import { patch } from './store/patch.ts';
import { countAttempt } from './store/count-attempt.ts';
import { countByState, countByStateAppWide } from './store/count-by-state.ts';
import { creditsBySlot } from './store/credits-by-slot.ts';
import { recountStates } from './store/recount-states.ts';
import { forgetShop } from './store/forget-shop.ts';
import { sweepExpired } from './store/sweep-expired.ts';
import {
  dueToExpire,
  forgetExpiry,
  postponeExpiry,
  scheduleWaitingExpiry,
  settleExpiryShop,
} from './store/expiry.ts';
import type { GenerationStore, GenerationStoreDeps } from './store/types.ts';

export type {
  CapOfPending,
  CreatedOnce,
  CreditSlot,
  GenerationFilter,
  GenerationPageRequest,
  GenerationStore,
  GenerationStoreDeps,
  StateCounts,
  StoredGenerationPage,
  TransitionRequest,
} from './store/types.ts';
export { MAX_SCAN_BATCHES } from './store/list.ts';

export function createGenerationStore(deps: GenerationStoreDeps): GenerationStore {
  return {
    create: create(deps),
    createOnce: createOnce(deps),
    prepare: prepare(deps),
    get: get(deps),
    list: list(deps),
    idsInState: idsInState(deps),
    idsInRunState: idsInRunState(deps),
    transition: transition(deps),
    patch: patch(deps),
    countAttempt: countAttempt(deps),
    countByState: countByState(deps),
    countByStateAppWide: countByStateAppWide(deps),
    creditsBySlot: creditsBySlot(deps),
    recountStates: recountStates(deps),
    forgetShop: forgetShop(deps),
    sweepExpired: sweepExpired(deps),
    dueToExpire: dueToExpire(deps),
    postponeExpiry: postponeExpiry(deps),
    forgetExpiry: forgetExpiry(deps),
    settleExpiryShop: settleExpiryShop(deps),
    scheduleWaitingExpiry: scheduleWaitingExpiry(deps),
    count: count(deps),
    candidateGroup: candidateGroup(deps),
  };
}
