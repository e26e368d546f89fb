/**
 * The turn feeder: the loop that gives the turns at the stages after ProductAI
 * (stage-turns.ts) and adds each turn's job to its stage's queue, one per worker process
 * (several are fine: giving a turn is one atomic script).
 *
 *   take the next turn in the shops' order → add its job (`<stage>.<generation id>.<token>`)
 *   → … until no shop may take one → sleep until woken, the next wait ends, or a periodic look.
 *
 * It is woken on the turns' channel when a shop may take a turn (work put in line, a turn
 * ended) or a wait earlier than the others begins; between wake-ups it sleeps until the
 * earliest wait ends, so a verify placed at Shopify's expected processing time runs then, not
 * at the next periodic look. Every `recoverAfterMs / 2` it gives back the turns whose job is
 * gone (stage-turns.ts, crash safety).
 */
import type { Clock } from '../../platform/clock.ts';
import type { Logger } from '../../platform/logger.ts';
import type { Redis } from '../../platform/redis/connection.ts';
import type { PipelineConfig } from '../config.ts';
import type { AppWideKeys } from '../generations/keys.ts';
import type { PipelineQueues } from '../stages/queues.ts';
import type { StageTurns, Turn } from './stage-turns.ts';
import { createWakeSignal } from './wake-signal.ts';

/** A job per turn: a turn given again gets its job at once, whatever became of the earlier. */
const turnJobKey = ({ generationId, token }: Turn) => `${generationId}.${token}`;

export interface TurnFeeder {
  stop(): Promise<void>;
}

export async function startTurnFeeder(deps: {
  turns: StageTurns;
  queues: PipelineQueues;
  /** A connection of its own: it is put in subscriber mode. */
  subscriber: Redis;
  keys: AppWideKeys;
  config: PipelineConfig;
  clock: Clock;
  logger: Logger;
}): Promise<TurnFeeder> {
  const { turns, queues, subscriber, keys, config, clock, logger } = deps;
  const stopping = new AbortController();
  const wake = createWakeSignal();
  subscriber.on('message', () => wake.notify());
  await subscriber.subscribe(keys.turnWakeChannel);
  const { idleCheckMs, recoverAfterMs } = config.dispatcher;

  /** Gives every turn that may be given now; resolves with the earliest wait's end (ms). */
  async function feed(): Promise<number> {
    let nextDueAt = Infinity;
    for (const stage of turns.queues) {
      for (;;) {
        const taken = await turns.take(stage);
        if ('nextDueAt' in taken) {
          if (taken.nextDueAt !== null) nextDueAt = Math.min(nextDueAt, taken.nextDueAt);
          break;
        }
        const ref = { shop: taken.shop, generationId: taken.generationId, turn: taken.token };
        await queues.add(stage, ref, turnJobKey(taken));
      }
    }
    return nextDueAt;
  }

  async function recover(): Promise<void> {
    for (const stage of turns.queues) {
      const recovered = await turns.recoverStale(stage, recoverAfterMs, (turn) =>
        queues.pending(stage, turnJobKey(turn)),
      );
      if (recovered > 0)
        logger.warn({ stage, recovered }, 'turns given back: their jobs were lost');
    }
  }

  const recovery = setInterval(
    () =>
      void recover().catch((error: unknown) =>
        logger.error({ err: error }, 'turn recovery failed'),
      ),
    Math.max(1_000, recoverAfterMs / 2),
  );
  recovery.unref();

  const loop = (async () => {
    while (!stopping.signal.aborted) {
      try {
        const nextDueAt = await feed();
        const untilDue = Math.max(0, nextDueAt - clock.now());
        await wake.wait(Math.min(idleCheckMs, untilDue), clock, stopping.signal);
      } catch (error) {
        if (stopping.signal.aborted) break;
        logger.error({ err: error }, 'turn feeder step failed; retrying');
        await clock.sleep(idleCheckMs, stopping.signal).catch(() => {});
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
