/**
 * The pipeline's shared state in Redis, which every process (web and workers) builds the same
 * way: the generations, the shared rate limit, the fair scheduler's line, the shops' turns at
 * the stages after ProductAI, the results ProductAI delivered by job id, the submission claims,
 * and the wait for their writes' durability.
 */
import type { Clock } from '../platform/clock.ts';
import type { Redis } from '../platform/redis/connection.ts';
import { createDurability, type Durability } from '../platform/redis/durability.ts';
import type { PipelineConfig } from './config.ts';
import { flowTriggerOutbox } from './flow/trigger-delivery.ts';
import { createGenerationStore, type GenerationStore } from './generations/generation-store.ts';
import type { AppWideKeys } from './generations/keys.ts';
import { createFairScheduler, type FairScheduler } from './limits/fair-scheduler.ts';
import { createRateLimiter, type RateLimiter } from './limits/rate-limiter.ts';
import { createStageTurns, type StageTurns } from './limits/stage-turns.ts';
import { createSubmissionClaims, type SubmissionClaims } from './limits/submission-claims.ts';
import { createJobResults, type JobResults } from './receive/job-results.ts';

export interface PipelineStores {
  generations: GenerationStore;
  limiter: RateLimiter;
  scheduler: FairScheduler;
  /** The shops' turns at attach and verify. */
  turns: StageTurns;
  jobResults: JobResults;
  claims: SubmissionClaims;
  /**
   * Waits until the writes of this connection (the generations' and the claims') are durable:
   * the submit stage's last step before a request leaves (submit/steps/durable.ts).
   */
  durability: Durability;
}

export function createPipelineStores(deps: {
  redis: Redis;
  clock: Clock;
  keys: AppWideKeys;
  config: PipelineConfig;
}): PipelineStores {
  const { redis, clock, keys, config } = deps;
  return {
    generations: createGenerationStore({
      redis,
      clock,
      keys,
      retention: config.retention,
      expiry: config.expiry,
      // Flow triggers are written in the same step as the transition that fires them.
      outbox: flowTriggerOutbox(config.namespace),
    }),
    limiter: createRateLimiter({
      redis,
      clock,
      slotsKey: keys.limiterSlots,
      pausedUntilKey: keys.limiterPausedUntil,
      paceKey: keys.limiterPace,
      lastSlotKey: keys.limiterLastSlot,
      waitingKey: keys.limiterWaiting,
      waitingUntilKey: keys.limiterWaitingUntil,
      ...config.limiter,
    }),
    scheduler: createFairScheduler({ redis, clock, keys }),
    turns: createStageTurns({ redis, clock, keys, perShop: config.stages.turnsPerShop }),
    jobResults: createJobResults({ redis, clock, keys }),
    claims: createSubmissionClaims({ redis, namespace: config.namespace }),
    durability: createDurability(redis, config.durability),
  };
}
