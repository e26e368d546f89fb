/**
 * The dispatcher: the loop that decides which generation is submitted next, one per worker
 * process (several are fine: the pop is one atomic script).
 *
 *   wait for waiting work → pop the fairest generation, arming it (fair-scheduler.ts) → hand it
 *   to the submit queue, whose job waits for a rate-limit slot right before sending.
 *
 * Only `config.dispatcher.lookahead` generations of each priority are armed at a time, so the
 * choice is made a few slots ahead at most: a click that arrives while bulk work saturates the
 * budget is armed at once and takes the next slot (the limiter puts it first: rate-limiter.ts).
 * Idle dispatchers sleep until a push or a disarm publishes on the wake channel, with a periodic
 * look as a safety net.
 */
import type { Clock } from '../../platform/clock.ts';
import type { Logger } from '../../platform/logger.ts';
import type { Redis } from '../../platform/redis/connection.ts';
import type { PipelineConfig } from '../config.ts';
import type { AppWideKeys } from '../generations/keys.ts';
import type { PipelineQueues } from '../stages/queues.ts';
import type { ArmedItem, FairScheduler } from './fair-scheduler.ts';
import { createWakeSignal } from './wake-signal.ts';

/**
 * A submit job per arming, not per generation: a generation put back and chosen again gets its
 * job at once, even while the job of its earlier arming is still finishing.
 */
const submitJobKey = ({ generationId, arming }: ArmedItem) => `${generationId}.${arming}`;

export interface Dispatcher {
  stop(): Promise<void>;
}

export interface DispatcherDeps {
  scheduler: FairScheduler;
  queues: PipelineQueues;
  /** A connection of its own: it is put in subscriber mode. */
  subscriber: Redis;
  keys: AppWideKeys;
  config: PipelineConfig;
  clock: Clock;
  logger: Logger;
}

export async function startDispatcher(deps: DispatcherDeps): Promise<Dispatcher> {
  const { scheduler, queues, subscriber, keys, config, clock, logger } = deps;
  const stopping = new AbortController();
  const wake = createWakeSignal();
  subscriber.on('message', () => wake.notify());
  await subscriber.subscribe(keys.wakeChannel);
  const idle = () => wake.wait(config.dispatcher.idleCheckMs, clock, stopping.signal);

  async function dispatchOne(): Promise<void> {
    if (!(await scheduler.hasWork())) return idle();
    const item = await scheduler.pop(config.dispatcher.lookahead);
    if (item === null || item === 'busy') return idle();
    const ref = { shop: item.shop, generationId: item.generationId, arming: item.arming };
    await queues.add('submit', ref, submitJobKey(item));
  }

  async function recover(): Promise<void> {
    const recovered = await scheduler.recoverStale(config.dispatcher.recoverAfterMs, (armed) =>
      queues.pending('submit', submitJobKey(armed)),
    );
    if (recovered > 0)
      logger.warn({ recovered }, 'generations put back in line after a dispatcher stopped');
  }

  const recovery = setInterval(
    () =>
      void recover().catch((error: unknown) =>
        logger.error({ err: error }, 'dispatch recovery failed'),
      ),
    Math.max(1_000, config.dispatcher.recoverAfterMs / 2),
  );
  recovery.unref();

  const loop = (async () => {
    while (!stopping.signal.aborted) {
      try {
        await dispatchOne();
      } catch (error) {
        if (stopping.signal.aborted) break;
        logger.error({ err: error }, 'dispatcher step failed; retrying');
        await clock.sleep(config.dispatcher.idleCheckMs, stopping.signal).catch(() => {});
      }
    }
  })();

  return {
    async stop() {
      stopping.abort();
      clearInterval(recovery);
      await loop;
      await subscriber.quit().catch(() => subscriber.disconnect());
    },
  };
}
