/**
 * The periodic half of generation retention (generation-store.ts): every `sweepEveryMs`, a worker
 * removes expired generations' index entries. Several workers may sweep at once: each shop's
 * batch is one atomic script, and a member removed by one is simply not found by another.
 */
import type { Clock } from '../../platform/clock.ts';
import type { Logger } from '../../platform/logger.ts';
import type { PipelineConfig } from '../config.ts';
import type { GenerationStore } from './generation-store.ts';

export interface RetentionSweeper {
  stop(): Promise<void>;
}

export function startRetentionSweeper(deps: {
  generations: Pick<GenerationStore, 'sweepExpired'>;
  config: PipelineConfig['retention'];
  clock: Clock;
  logger: Logger;
}): RetentionSweeper {
  const { generations, config, clock, logger } = deps;
  const stopping = new AbortController();
  const loop = (async () => {
    while (!stopping.signal.aborted) {
      try {
        const removed = await generations.sweepExpired({ batch: config.sweepBatch });
        if (removed > 0) logger.info({ removed }, 'expired generations swept from the indexes');
      } catch (error) {
        logger.warn({ err: error }, 'retention sweep failed; trying again next time');
      }
      await clock.sleep(config.sweepEveryMs, stopping.signal).catch(() => {});
    }
  })();
  return {
    async stop() {
      stopping.abort();
      await loop;
    },
  };
}
