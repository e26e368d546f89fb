/**
 * The periodic half of expiry (expire-waiting.ts): every `sweepEveryMs` a worker ends the work
 * whose wait in review or in a pause is over. `sweep` is one pass, bounded (`shops` shops,
 * `sweepBatch` generations each); it runs again at once while a pass was full. Several workers
 * may sweep at once: each expiry is one atomic transition, which only one of them wins.
 */
import type { Clock } from '../../platform/clock.ts';
import type { Logger } from '../../platform/logger.ts';
import type { PipelineConfig } from '../config.ts';
import type { GenerationStore } from '../generations/generation-store.ts';
import type { WaitingExpiry } from './expire-waiting.ts';

/** Shops looked at per pass. */
const SHOPS_PER_PASS = 100;

export interface ExpirySweeper {
  stop(): Promise<void>;
}

/** One pass at the clock's now: how many generations it expired, and whether it was full. */
export async function sweepWaiting(deps: {
  generations: Pick<GenerationStore, 'dueToExpire' | 'settleExpiryShop'>;
  expiry: WaitingExpiry;
  config: PipelineConfig['expiry'];
  clock: Clock;
}): Promise<{ expired: number; full: boolean }> {
  const { generations, expiry, config, clock } = deps;
  const now = clock.now();
  const due = await generations.dueToExpire({
    now,
    shops: SHOPS_PER_PASS,
    batch: config.sweepBatch,
  });
  let expired = 0;
  for (const { shop, ids } of due) {
    for (const id of ids) if ((await expiry.expire(shop, id, now)) === 'expired') expired += 1;
    await generations.settleExpiryShop(shop);
  }
  const full =
    due.length === SHOPS_PER_PASS || due.some(({ ids }) => ids.length === config.sweepBatch);
  return { expired, full };
}

export function startExpirySweeper(
  deps: Parameters<typeof sweepWaiting>[0] & { logger: Logger },
): ExpirySweeper {
  const { config, clock, logger } = deps;
  const stopping = new AbortController();
  const loop = (async () => {
    while (!stopping.signal.aborted) {
      let full = false;
      try {
        const pass = await sweepWaiting(deps);
        full = pass.full;
        if (pass.expired > 0) logger.info({ expired: pass.expired }, 'waiting work expired');
      } catch (error) {
        logger.warn({ err: error }, 'expiry sweep failed; trying again next time');
      }
      if (!full) await clock.sleep(config.sweepEveryMs, stopping.signal).catch(() => {});
    }
  })();
  return {
    async stop() {
      stopping.abort();
      await loop;
    },
  };
}
