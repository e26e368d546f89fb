/**
 * `expirePaused`: a run paused for `expiry.pausedMs` (docs/operations.md, Quotas per shop) is cancelled, as
 * the merchant's cancel would (its waiting generations cancelled, their reserved credits
 * released), stamped `expiredAt`, and each of its generations says why in Activity. A run paused
 * again meanwhile counts from its latest pause. Safe to repeat: the run's move is one atomic
 * step, and its generations are taken from their states, so a repeat after a crash finishes
 * the sweep (the expiry sweep finds any paused generation left behind, `expireWithRun`).
 */
import type { CodedText } from '../../../app-api/error-codes.ts';
import { expiryPeriod } from '../../../pipeline/index.ts';
import { BulkRunStateError, type BulkRun } from '../bulk-run.ts';
import { holdBack } from '../expand-run.ts';
import type { BulkRunsDeps } from './types.ts';
import { waiting } from './waiting.ts';

export function expiredWithRunReason(period: CodedText): CodedText {
  return { code: 'expired_with_run', params: { period } };
}

/** The run card's line for a run that expired. */
export function runExpiredMessage(period: CodedText): CodedText {
  return { code: 'run_expired', params: { period } };
}

type ExpireDeps = Pick<BulkRunsDeps, 'runs' | 'generations' | 'expiry'>;

/** When a paused run is due to expire (ms): its pause plus the ceiling. */
export function pausedExpiresAt(run: BulkRun, pausedMs: number): number {
  return Date.parse(run.pausedAt ?? run.updatedAt) + pausedMs;
}

/**
 * Expires the run if it is paused and due at `now` (ms); answers when it will be, or null once
 * it is no longer paused (expired now or before, resumed, cancelled, gone).
 */
export function expirePaused(
  deps: ExpireDeps,
): (shop: string, id: string, now: number) => Promise<{ notBefore: number } | null> {
  return async (shop, id, now) => {
    const run = await deps.runs.get(shop, id);
    if (!run) return null;
    if (run.state === 'paused') {
      const due = pausedExpiresAt(run, deps.expiry.pausedMs);
      if (due > now) return { notBefore: due };
      try {
        await deps.runs.expire(shop, id);
      } catch (error) {
        if (!(error instanceof BulkRunStateError)) throw error;
        return null; // resumed or cancelled meanwhile
      }
    } else if (run.expiredAt === null) {
      return null; // resumed or cancelled by the merchant: nothing of the expiry's to finish
    }
    await cancelWaiting(deps, { ...run, state: 'cancelled' });
    return null;
  };
}

/** The expired run's generations still waiting, cancelled with the reason. */
export async function cancelWaiting(deps: ExpireDeps, run: BulkRun): Promise<void> {
  const reason = expiredWithRunReason(expiryPeriod(deps.expiry.pausedMs));
  for (const state of ['queued', 'paused'] as const) {
    for await (const generation of waiting(deps, run, state)) {
      await holdBack(run, generation, deps, reason);
    }
  }
}
