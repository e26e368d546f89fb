/**
 * Reads what the forecast needs (the scheduler's waiting work, the limiter's free slots, the
 * configured limit) and forecasts a shop's bulk requests: see queue-forecast.ts for the rules.
 */
import type { BulkSchedule, GenerationKind } from '../../app-api/contract.ts';
import type { PipelineConfig } from '../config.ts';
import type { FairScheduler } from './fair-scheduler.ts';
import { forecastBulk } from './queue-forecast.ts';
import type { RateLimiter } from './rate-limiter.ts';

export interface BulkForecaster {
  /**
   * When `own` more bulk requests of the shop will have been sent and their results back; of
   * them, `alreadyWaiting` are in the shop's queue now (a running run's window). Null while the
   * shop's work is paused or there is nothing to send.
   */
  forecast(
    shop: string,
    kind: GenerationKind,
    own: number,
    alreadyWaiting?: number,
  ): Promise<BulkSchedule | null>;
}

export function createBulkForecaster(deps: {
  scheduler: FairScheduler;
  limiter: RateLimiter;
  config: PipelineConfig;
}): BulkForecaster {
  const { scheduler, limiter, config } = deps;
  return {
    async forecast(shop, kind, own, alreadyWaiting = 0) {
      if (own <= 0) return null;
      // The forecast looks at most `own` past the shop's line (its `alreadyWaiting` are in it).
      const [waiting, inUse] = await Promise.all([
        scheduler.waitingBeside(shop, own),
        limiter.inUse(),
      ]);
      if (!waiting) return null;
      return forecastBulk({
        interactive: waiting.interactive,
        othersAtDepth: waiting.othersAtDepth,
        ownAhead: Math.max(0, waiting.ownBulk - alreadyWaiting),
        own,
        limit: config.limiter.limit,
        windowMs: config.limiter.windowMs,
        // Bulk requests are paced (rate-limiter.ts): one may leave at once, not every free slot.
        freeSlots: Math.min(1, Math.max(0, config.limiter.limit - inUse)),
        // The first poll is set at the kind's typical completion time (config.ts).
        processingMs: config.polling.firstPollMs[kind],
      });
    },
  };
}
