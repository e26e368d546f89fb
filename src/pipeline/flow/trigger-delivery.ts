/**
 * Shopify Flow triggers, delivered once per generation and state, whatever crashes.
 *
 *   transition (Lua) ──► outbox ──relay──► BullMQ job `flow-trigger.<id>.<state>` ──► flowTriggerReceive
 *
 * 1. The move into in_review, published or failed writes `shop \n id \n state` into the
 *    transition outbox in the same atomic step (generation-store.ts `outbox`): a crash right
 *    after the move cannot lose the trigger, as it could if the code that moved the generation
 *    had to enqueue it afterwards.
 * 2. Every worker's relay (each `flowTriggers.relayMs`) turns outbox entries into jobs whose id
 *    names the generation and state, and removes an entry only once its job is stored: a relay
 *    that dies in between leaves the entry for the next pass, whose add is a no-op while the
 *    job is pending.
 * 3. The job sends `flowTriggerReceive`, then marks (generation, state) sent, under the shop's
 *    prefix (erased with it); a job that finds the mark does nothing, so a relay that re-adds a
 *    finished job never sends twice. Shopify errors and throttling are retried with backoff
 *    (`stages.attempts`), and a crashed worker's job is taken over after its lock expires.
 * The one window left is a worker killed after Shopify accepted the mutation and before the mark
 * was written (one HTTP round trip): Flow's API takes no idempotency key, so that trigger is sent
 * again rather than lost (at least once; measured in test/pipeline/flow/flow-triggers.test.ts:
 * a kill -9 anywhere else yields exactly one).
 *
 * Every shop gets its triggers, with or without a workflow using them: Flow's API cannot say
 * whether one does, and the answer would need Flow's lifecycle callbacks, a route and state of
 * their own. The cost is one mutation (10 requested points of the shop's 2,000-point bucket,
 * restored at 100 a second) per generation that ends; the app makes at most 15 a minute for all
 * shops together, next to about 30 points of Admin calls each generation already takes.
 */
import { Worker, type ConnectionOptions } from 'bullmq';
import type { Logger } from '../../platform/logger.ts';
import { appWideKey, shopKeyspace } from '../../platform/keys.ts';
import { eraseShopJobs, type ShopTrace } from '../../platform/queues/erase-shop-jobs.ts';
import { openQueue } from '../../platform/queues/open-queue.ts';
import type { Redis } from '../../platform/redis/connection.ts';
import { FLOW_TRIGGER_RECEIVE } from '../../shopify/operations/flow.ts';
import type { PipelineConfig } from '../config.ts';
import type { GenerationStore } from '../generations/generation-store.ts';
import type { AdminGraphql } from '../sources/admin-graphql.ts';
import {
  FLOW_TRIGGER_HANDLES,
  isTriggerState,
  TRIGGER_STATES,
  triggerPayload,
  type TriggerState,
} from './trigger-events.ts';

const QUEUE = 'flow-trigger';
/** Longer than any retry of a job, so a re-added finished job still finds its mark. */
const SENT_MARK_TTL_MS = 7 * 24 * 60 * 60 * 1000;
const RELAY_BATCH = 100;
const sentMarks = shopKeyspace('flow-trigger-sent');

export interface FlowTriggerJob {
  shop: string;
  generationId: string;
  state: TriggerState;
}

/** The generation store's outbox for Flow triggers (see generation-store.ts). */
export function flowTriggerOutbox(namespace: string) {
  return { key: appWideKey('flow-triggers', namespace, 'outbox'), states: TRIGGER_STATES };
}

export interface FlowTriggerDeliveryDeps {
  redis: Redis;
  connection: ConnectionOptions;
  prefix: string;
  config: PipelineConfig;
  logger: Logger;
  generations: GenerationStore;
  admin(shop: string): Promise<AdminGraphql>;
}

export interface FlowTriggerDelivery {
  /** Moves what the outbox holds into trigger jobs; returns how many entries it moved. */
  relay(): Promise<number>;
  /** The relay on its timer and the trigger worker, in this process. */
  start(): { stop(): Promise<void> };
  /** Removes the shop's outbox entries, and the jobs `trace` names and their events. */
  eraseShop(shop: string, trace: ShopTrace): Promise<void>;
  close(): Promise<void>;
}

export function createFlowTriggerDelivery(deps: FlowTriggerDeliveryDeps): FlowTriggerDelivery {
  const { redis, connection, prefix, config, logger, generations } = deps;
  const outbox = flowTriggerOutbox(config.namespace).key;
  const sentMark = (job: FlowTriggerJob) => sentMarks.key(job.shop, job.generationId, job.state);
  const queue = openQueue<FlowTriggerJob>(QUEUE, { connection, prefix });
  queue.on('error', (error) => logger.warn({ err: error, queue: QUEUE }, 'queue connection error'));

  async function relay(): Promise<number> {
    const entries = await redis.zrange(outbox, '0', String(RELAY_BATCH - 1));
    for (const entry of entries) {
      const [shop, generationId, state] = entry.split('\n');
      if (shop && generationId && state && isTriggerState(state)) {
        await queue.add(
          QUEUE,
          { shop, generationId, state },
          {
            // BullMQ refuses ':' in custom ids.
            jobId: `${QUEUE}.${generationId}.${state}`,
            attempts: config.stages.attempts,
            backoff: { type: 'exponential', delay: config.stages.backoffMs },
            removeOnComplete: true,
            removeOnFail: true,
          },
        );
      } else logger.error({ entry }, 'unreadable flow trigger outbox entry dropped');
      await redis.zrem(outbox, entry);
    }
    return entries.length;
  }

  async function send(job: FlowTriggerJob): Promise<void> {
    if (await redis.exists(sentMark(job))) return;
    const generation = await generations.get(job.shop, job.generationId);
    if (!generation) return; // erased with its shop meanwhile
    const admin = await deps.admin(job.shop);
    await admin.request(FLOW_TRIGGER_RECEIVE, {
      handle: FLOW_TRIGGER_HANDLES[job.state],
      payload: triggerPayload(generation, job.state),
    });
    await redis.set(sentMark(job), '1', 'PX', SENT_MARK_TTL_MS);
  }

  return {
    relay,
    start() {
      const worker = new Worker<FlowTriggerJob>(
        QUEUE,
        async (job) => {
          try {
            await send(job.data);
          } catch (error) {
            if (job.attemptsMade + 1 >= (job.opts.attempts ?? 1))
              logger.error({ err: error, ...job.data }, 'flow trigger given up after its last try');
            throw error;
          }
        },
        {
          connection,
          prefix,
          concurrency: 4,
          lockDuration: config.stages.lockMs,
          stalledInterval: config.stages.stalledCheckMs,
          maxStalledCount: 10,
        },
      );
      worker.on('error', (error) =>
        logger.error({ err: error, queue: QUEUE }, 'queue worker error'),
      );
      // One pass at a time: the next is scheduled when the previous one ends.
      let stopped = false;
      let timer: NodeJS.Timeout | undefined;
      let running: Promise<void> = Promise.resolve();
      const pass = () => {
        running = relay().then(
          () => undefined,
          (error: unknown) =>
            logger.warn({ err: error }, 'flow trigger relay failed; the next pass retries'),
        );
        void running.then(() => {
          if (!stopped) timer = setTimeout(pass, config.flowTriggers.relayMs);
        });
      };
      pass();
      return {
        async stop() {
          stopped = true;
          clearTimeout(timer);
          await running;
          await worker.close();
        },
      };
    },
    async eraseShop(shop, trace) {
      const entries = await redis.zrange(outbox, '0', '-1');
      const shops = entries.filter((entry) => entry.startsWith(`${shop}\n`));
      if (shops.length > 0) await redis.zrem(outbox, ...shops);
      await eraseShopJobs(redis, queue, trace);
    },
    close: () => queue.close(),
  };
}
