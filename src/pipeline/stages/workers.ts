/**
 * BullMQ workers for the pipeline's queues. Each job is one handler call with ids only, counted
 * in the generation's `attempts` before it starts; this file turns the handler's outcome into
 * BullMQ's terms:
 *  - `later(ms)`: the job is moved to delayed (same id, not counted as a failure);
 *  - a throw: BullMQ retries with exponential backoff; on the LAST try the error is caught and
 *    the generation is given the final state its stage's give-up rules say (`onExhausted`),
 *    inside the job, so that a crash at that moment repeats it rather than leaving a generation
 *    no job will ever move.
 * A worker that dies mid-job loses its lock; after `lockMs` another worker's stalled check
 * (every `stalledCheckMs`) runs the job again: only that stage repeats.
 *
 * In a stage taken in turns (`turns`, stage.ts `StageTurns`), a job whose turn is no longer
 * current does nothing, and the job's end is its turn's end: done or given up ends it, `later`
 * ends it with the wait (instead of BullMQ's delay), a throw with tries left keeps it (BullMQ's
 * retry is the same turn). The turn ends inside the job, before BullMQ completes it: a crash in
 * between runs the job again, which finds its turn ended and does nothing.
 */
import { DelayedError, Worker, type ConnectionOptions, type Job } from 'bullmq';
import type { Logger } from '../../platform/logger.ts';
import type { PipelineConfig } from '../config.ts';
import { STAGE_NAMES, StaleTransitionError, type StageName } from '../generations/generation.ts';
import { toldWhy } from '../generations/reason.ts';
import { QUEUE_NAMES, type JobData, type QueueName } from './queues.ts';
import type { StageContext, StageTurns } from './stage.ts';
import { checkStageHandlers, type GiveUpRules, type QueueHandlers } from './stage-registry.ts';

export type { QueueHandlers } from './stage-registry.ts';

function isStage(queue: QueueName): queue is StageName {
  return (STAGE_NAMES as readonly string[]).includes(queue);
}

export interface RunningWorkers {
  close(): Promise<void>;
}

async function onExhausted(
  queue: QueueName,
  data: JobData,
  error: unknown,
  ctx: StageContext,
  giveUp: GiveUpRules,
): Promise<void> {
  ctx.logger.error({ err: error, queue, ...data }, 'stage gave up after its last try');
  for (const rule of giveUp[queue] ?? []) {
    try {
      await ctx.generations.transition(data.shop, data.generationId, {
        from: rule.from,
        to: rule.to,
        patch: toldWhy(rule.reason, rule.action),
        note: error instanceof Error ? error.message.slice(0, 300) : 'stage failed',
      });
      await rule.then?.(data);
      return;
    } catch (moveError) {
      if (!(moveError instanceof StaleTransitionError)) throw moveError;
    }
  }
}

/** Refuses to start (throws) when a queue has no handler: see stage-registry.ts. */
export function startQueueWorkers<Ctx extends StageContext>(options: {
  handlers: Partial<QueueHandlers<Ctx>>;
  /** What each stage's generation becomes when its last try failed. */
  giveUp: GiveUpRules;
  /** Handed to every handler as it is. */
  ctx: Ctx;
  /** The stages taken in turns, if any. */
  turns?: StageTurns;
  connection: ConnectionOptions;
  prefix: string;
  config: PipelineConfig;
  logger: Logger;
}): RunningWorkers {
  const { ctx, giveUp, connection, prefix, config, logger } = options;
  const handlers = checkStageHandlers(options.handlers);
  const turnsOf = (queue: QueueName) =>
    options.turns?.queues.includes(queue) ? options.turns : undefined;
  const concurrency: Record<QueueName, number> = {
    ...config.stages.concurrency,
    result: config.stages.concurrency.await,
    reconcile: 1,
  };
  const workers = QUEUE_NAMES.map((queue) => {
    const handler = handlers[queue];
    const worker = new Worker<JobData>(
      queue,
      async (job: Job<JobData>, token?: string) => {
        // A job without a turn (added before its stage was taken in turns) runs as it did.
        const turns = job.data.turn === undefined ? undefined : turnsOf(queue);
        if (turns && !(await turns.isCurrent(queue, job.data))) return;
        try {
          if (isStage(queue))
            await ctx.generations.countAttempt(job.data.shop, job.data.generationId, queue);
          const outcome = await handler(job.data, ctx);
          if (outcome.status === 'later') {
            const { delayMs, outage } = outcome;
            if (turns) return await turns.end(queue, job.data, { delayMs, outage });
            // BullMQ schedules delayed jobs on the wall clock.
            await job.moveToDelayed(Date.now() + delayMs, token);
            throw new DelayedError();
          }
        } catch (error) {
          if (error instanceof DelayedError) throw error;
          if (job.attemptsMade + 1 < (job.opts.attempts ?? 1)) throw error;
          await onExhausted(queue, job.data, error, ctx, giveUp);
        }
        await turns?.end(queue, job.data);
      },
      {
        connection,
        prefix,
        concurrency: concurrency[queue],
        lockDuration: config.stages.lockMs,
        stalledInterval: config.stages.stalledCheckMs,
        // Handlers are idempotent by state, so a job may be recovered from several crashes.
        maxStalledCount: 10,
        removeOnComplete: { count: 0 },
        removeOnFail: { count: 0 },
      },
    );
    worker.on('error', (error) => logger.error({ err: error, queue }, 'queue worker error'));
    return worker;
  });
  return {
    async close() {
      await Promise.all(workers.map((worker) => worker.close()));
    },
  };
}
