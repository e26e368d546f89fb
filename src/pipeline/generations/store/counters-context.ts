/**
 * The `ctx` argument of transition.lua and patch.lua: the key names and settings of what a write
 * keeps besides the record, in the same atomic step (lua/includes/generation-counters.lua: the
 * state and credit counters, retention (the record's, and its ProductAI job's entry in the
 * app-wide job-id index), the expiry of work in review or paused, the transition outbox).
 */
import { TERMINAL_STATES } from '../../../app-api/generation-states.ts';
import type { GenerationState } from '../generation.ts';
import { generationKeys } from '../keys.ts';
import type { GenerationStoreDeps } from './types.ts';

/**
 * The states whose work expires, and after how long in them (config `expiry`): the transition
 * into one schedules it, the transition out of one ends that (generation-counters.lua).
 */
function expiringAfter(
  expiry: NonNullable<GenerationStoreDeps['expiry']>,
): Partial<Record<GenerationState, number>> {
  return { in_review: expiry.inReviewMs, paused: expiry.pausedMs };
}

/**
 * `to` is the state a transition moves to: a terminal one starts retention (`expireAt`). `now`
 * is the write's instant, the one its history entry records: an expiry counted from a second
 * reading of the clock fell due a millisecond or more after the entry's time plus the wait.
 */
export function countersContext(
  deps: Pick<GenerationStoreDeps, 'clock' | 'keys' | 'retention' | 'outbox' | 'expiry'>,
  shop: string,
  to?: GenerationState,
  now = deps.clock.now(),
): string {
  const { keys, retention, outbox } = deps;
  const after = deps.expiry ? expiringAfter(deps.expiry) : null;
  const waitMs = after && to ? after[to] : undefined;
  return JSON.stringify({
    shop,
    stateCounts: generationKeys.stateCounts(shop),
    bulkStatePrefix: generationKeys.bulkStatePrefix(shop),
    appStateCounts: keys.generationStates,
    creditsDay: generationKeys.creditsDayPrefix(shop),
    creditsTtlMs: String(retention.creditsByDayMs),
    retention: generationKeys.retention(shop),
    retentionShops: keys.retentionShops,
    jobPrefix: keys.jobPrefix,
    // Strings: Lua numbers lose integer precision past 2^53 and Redis refuses fractions.
    expireAt: to && TERMINAL_STATES.includes(to) ? String(now + retention.generationMs) : null,
    outbox: to && outbox?.states.includes(to) ? outbox.key : null,
    expiry: after && {
      key: generationKeys.expiry(shop),
      shops: keys.expiryShops,
      states: Object.keys(after),
      dueAt: waitMs === undefined ? null : String(now + waitMs),
    },
    now: String(now),
  });
}
