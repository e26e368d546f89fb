/**
 * The `ctx` argument of transition.lua and patch.lua: the key names and settings of what a write
 * keeps besides the record, in the same atomic step (lua/includes/generation-counters.lua: the
 * state and credit counters, retention (the record's, and its ProductAI job's entry in the
 * app-wide job-id index), the transition outbox).
 */
import { TERMINAL_STATES } from '../../../app-api/generation-states.ts';
import type { GenerationState } from '../generation.ts';
import { generationKeys } from '../keys.ts';
import type { GenerationStoreDeps } from './types.ts';

/** `to` is the state a transition moves to: a terminal one starts retention (`expireAt`). */
export function countersContext(
  deps: Pick<GenerationStoreDeps, 'clock' | 'keys' | 'retention' | 'outbox'>,
  shop: string,
  to?: GenerationState,
): string {
  const { clock, keys, retention, outbox } = deps;
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
    expireAt:
      to && TERMINAL_STATES.includes(to) ? String(clock.now() + retention.generationMs) : null,
    outbox: to && outbox?.states.includes(to) ? outbox.key : null,
    now: String(clock.now()),
  });
}
