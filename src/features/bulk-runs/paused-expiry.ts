/**
 * Paused runs expire (runs/expire.ts), found two ways, so none is kept for ever:
 *  - the app-wide set of paused runs, scored by when each is due (written in the same step as
 *    the pause: bulk-run-store.ts `pause`), read every `expiry.sweepEveryMs` by the bulk worker
 *    (`startPausedRunExpiry`): a run paused with no generation waiting expires this way;
 *  - the pipeline's expiry sweep (line/expire-waiting.ts), when a generation the run paused is
 *    due (`expireWithRun`): the run expires as a whole, or, if the run is no longer paused (a
 *    crash left this one behind), this generation alone.
 */
import type { Clock } from '../../platform/clock.ts';
import type { Logger } from '../../platform/logger.ts';
import {
  StaleTransitionError,
  type Generation,
  type ExpiryPorts,
  expiryPeriod,
  toldWhy,
} from '../../pipeline/index.ts';
import { holdBack } from './expand-run.ts';
import { expirePaused, expiredWithRunReason } from './runs/expire.ts';
import type { BulkRunsDeps } from './runs/types.ts';

type ExpiryDeps = Pick<BulkRunsDeps, 'runs' | 'generations' | 'expiry'>;

/** Runs looked at per pass. */
const RUNS_PER_PASS = 100;

/** The pipeline's port: a generation its run paused is due to expire. */
export function expireWithRun(deps: ExpiryDeps): NonNullable<ExpiryPorts['expireWithRun']> {
  const expire = expirePaused(deps);
  return async (generation: Generation, now: number) => {
    const { shop, bulkRunId } = generation;
    const run = bulkRunId ? await deps.runs.get(shop, bulkRunId) : null;
    if (run && (run.state === 'paused' || run.expiredAt !== null)) return expire(shop, run.id, now);
    const reason = expiredWithRunReason(expiryPeriod(deps.expiry.pausedMs));
    if (run) {
      await holdBack({ ...run, state: 'cancelled' }, generation, deps, reason);
      return null;
    }
    try {
      await deps.generations.transition(shop, generation.id, {
        from: ['paused'],
        to: 'cancelled',
        patch: { ...toldWhy(reason), pausedBy: null },
        note: 'its bulk run is gone',
      });
    } catch (error) {
      if (!(error instanceof StaleTransitionError)) throw error;
    }
    return null;
  };
}

/** One pass over the paused runs due at the clock's now; how many it looked at. */
export async function expirePausedRuns(deps: ExpiryDeps & { clock: Clock }): Promise<number> {
  const expire = expirePaused(deps);
  const now = deps.clock.now();
  const due = await deps.runs.duePaused(now, RUNS_PER_PASS);
  for (const { shop, id } of due) {
    const later = await expire(shop, id, now);
    if (later) await deps.runs.duePausedAt(shop, id, later.notBefore);
    else await deps.runs.forgetPaused(shop, id);
  }
  return due.length;
}

export function startPausedRunExpiry(
  deps: ExpiryDeps & { clock: Clock; logger: Logger; everyMs: number },
): { stop(): Promise<void> } {
  const stopping = new AbortController();
  const loop = (async () => {
    while (!stopping.signal.aborted) {
      let full = false;
      try {
        full = (await expirePausedRuns(deps)) === RUNS_PER_PASS;
      } catch (error) {
        deps.logger.warn({ err: error }, 'paused bulk runs expiry failed; trying again next time');
      }
      if (!full) await deps.clock.sleep(deps.everyMs, stopping.signal).catch(() => {});
    }
  })();
  return {
    async stop() {
      stopping.abort();
      await loop;
    },
  };
}
