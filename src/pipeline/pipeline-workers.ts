/**
 * What a worker process runs of the pipeline (`app.pipeline.startWorkers()`): the stage workers
 * with the handlers registered in stage-handlers.ts, the dispatcher that hands generations from
 * the line to the submit stage, the turn feeder that hands the shops' turns at attach and
 * verify to their stages, the probes that end a Shopify or ProductAI outage's waits once the
 * service answers again, the Flow trigger relay and worker, the review batch worker, the
 * retention sweeper and the expiry sweeper (work waiting too long in review or paused). Any
 * number of processes may run them: they coordinate through Redis.
 */
import type { ConnectionOptions } from 'bullmq';
import type { FidelityChecker } from '../fidelity/fidelity-report.ts';
import type { Clock } from '../platform/clock.ts';
import type { Logger } from '../platform/logger.ts';
import { connectRedis } from '../platform/redis/connection.ts';
import type { PipelineContext } from './context.ts';
import type { FlowTriggerDelivery } from './flow/trigger-delivery.ts';
import type { GenerationStore } from './generations/generation-store.ts';
import type { AppWideKeys } from './generations/keys.ts';
import { startRetentionSweeper } from './generations/retention-sweeper.ts';
import { startExpirySweeper } from './line/expiry-sweeper.ts';
import { startDispatcher } from './limits/dispatcher.ts';
import type { StageTurns } from './limits/stage-turns.ts';
import { startTurnFeeder } from './limits/turn-feeder.ts';
import { startReviewBatchWorker } from './publish/review-batch-queue.ts';
import { startShopifyProbe } from './publish/shopify-probe.ts';
import { startProductAiProbe } from './receive/productai-probe.ts';
import type { ReviewBatches } from './publish/review-batches.ts';
import { pipelineStages, type PublishHandlers, type StageHandlerDeps } from './stage-handlers.ts';
import { startQueueWorkers } from './stages/workers.ts';

export interface RunningPipelineWorkers {
  stop(): Promise<void>;
}

export interface PipelineWorkerDeps extends StageHandlerDeps {
  /** For the dispatcher's and the turn feeder's own subscriber connections. */
  redisUrl: string;
  /** The shops' turns at attach and verify (limits/stage-turns.ts). */
  turns: StageTurns;
  connection: ConnectionOptions;
  keys: AppWideKeys;
  clock: Clock;
  logger: Logger;
  context: PipelineContext;
  /**
   * Makes this process's fidelity check pool (the stages get it; closed when they stop);
   * undefined when the check is off here.
   */
  fidelity: () => FidelityChecker | undefined;
  generations: GenerationStore;
  flowTriggers: FlowTriggerDelivery;
  reviewBatches: ReviewBatches;
  /** What the expiry sweep works with (line/expiry-sweeper.ts). */
  expirySweep: Omit<Parameters<typeof startExpirySweeper>[0], 'logger'>;
  /** Replacements for the publish handlers (tests, benchmarks). */
  publish?: PublishHandlers;
}

export async function startPipelineWorkers(
  deps: PipelineWorkerDeps,
): Promise<RunningPipelineWorkers> {
  const { connection, keys, config, clock, logger, scheduler, queues } = deps;
  // Once, before any request can leave: the durability the configuration asks of Redis is one
  // it can keep (platform/redis/durability.ts), or the worker does not start.
  await deps.durability.check();
  const fidelity = deps.fidelity();
  const workers = startQueueWorkers({
    ...pipelineStages(deps, deps.publish),
    ctx: { ...deps.context, fidelity },
    turns: deps.turns,
    connection,
    prefix: keys.bullPrefix,
    config,
    logger,
  });
  const subscriber = await connectRedis(deps.redisUrl, { name: 'productai-dispatcher-wake' });
  const dispatcher = await startDispatcher({
    scheduler,
    queues,
    subscriber,
    keys,
    config,
    clock,
    logger,
  });
  const feeder = await startTurnFeeder({
    turns: deps.turns,
    queues,
    subscriber: await connectRedis(deps.redisUrl, { name: 'productai-turn-feeder-wake' }),
    keys,
    config,
    clock,
    logger,
  });
  const probe = startShopifyProbe({
    turns: deps.turns,
    context: deps.context,
    everyMs: config.saving.probeEveryMs,
    clock,
    logger,
  });
  const productAiProbe = startProductAiProbe({
    context: deps.context,
    everyMs: config.awaiting.probeEveryMs,
    clock,
    logger,
  });
  const triggers = deps.flowTriggers.start();
  const reviewBatchWorker = startReviewBatchWorker({
    connection,
    prefix: keys.bullPrefix,
    batches: deps.reviewBatches,
    stages: config.stages,
    logger,
  });
  const sweeper = startRetentionSweeper({
    generations: deps.generations,
    config: config.retention,
    clock,
    logger,
  });
  const expirySweeper = startExpirySweeper({ ...deps.expirySweep, logger });
  return {
    async stop() {
      await Promise.all([
        dispatcher.stop(),
        feeder.stop(),
        probe.stop(),
        productAiProbe.stop(),
        sweeper.stop(),
        expirySweeper.stop(),
        triggers.stop(),
      ]);
      await Promise.all([workers.close(), reviewBatchWorker.close()]);
      await fidelity?.close();
    },
  };
}
