/**
 * One review decision (approve, reject, undo) applied to many generations: the ones the merchant
 * selected, or every one of a bulk run in the state the action applies to ("Approve all",
 * "Undo all"). The work runs on the server, not as N requests from the browser (a run has 64+
 * products), and its progress is a small Redis hash the app home polls.
 *
 * Each item is the same single action as the one-row buttons (review-actions.ts), so every
 * guarantee holds per item: an item decided meanwhile (by another tab, or the pipeline) is
 * skipped, never forced; a failure on one item (Shopify refused an undo) is counted and the
 * batch goes on. A run's items are read a page at a time from the run's per-state index, after
 * the last id handled, so memory is flat and nothing is visited twice. If the process stops
 * mid-batch, the items done stay done; asking again handles the rest.
 */
import type { ReviewBatchAction, ReviewBatchView } from '../../app-api/contract.ts';
import type { Clock } from '../../platform/clock.ts';
import { shopKeyspace } from '../../platform/keys.ts';
import type { Logger } from '../../platform/logger.ts';
import type { Redis } from '../../platform/redis.ts';
import { StaleTransitionError, type GenerationState } from '../generations/generation.ts';
import { newGenerationId } from '../generations/ids.ts';
import {
  approveResult,
  rejectResult,
  undoPublished,
  type ResultAction,
  type ReviewDeps,
} from './review-actions.ts';

export type ReviewBatchTarget =
  { type: 'generations'; ids: readonly string[] } | { type: 'bulkRun'; bulkRunId: string };

export interface ReviewBatches {
  /** Counts the items, records the batch and starts it; answers at once. */
  start(
    shop: string,
    action: ReviewBatchAction,
    target: ReviewBatchTarget,
  ): Promise<ReviewBatchView>;
  get(shop: string, id: string): Promise<ReviewBatchView | null>;
}

const ACTIONS: Readonly<Record<ReviewBatchAction, { from: GenerationState; run: ResultAction }>> = {
  approve: { from: 'in_review', run: approveResult },
  reject: { from: 'in_review', run: rejectResult },
  undo: { from: 'published', run: undoPublished },
};

/** Items handled at once: undo makes three Admin calls; more in parallel only meets throttling. */
const PARALLEL = 4;
const PAGE = 25;
/** Progress is kept a day after the batch started: long enough for any tab to read the end. */
const KEEP_SECONDS = 24 * 60 * 60;

const keys = shopKeyspace('review-batch');

export function createReviewBatches(deps: {
  redis: Redis;
  clock: Clock;
  logger: Logger;
  review: ReviewDeps;
  /** Runs the batch off the request's path (the app's background work, drained on shutdown). */
  runInBackground(name: string, task: () => Promise<void>): void;
}): ReviewBatches {
  const { redis, clock, review } = deps;
  const nowIso = () => new Date(clock.now()).toISOString();

  async function read(shop: string, id: string): Promise<ReviewBatchView | null> {
    const fields = await redis.hgetall(keys.key(shop, id));
    if (!fields.action) return null;
    return {
      id,
      action: fields.action as ReviewBatchAction,
      state: fields.state as ReviewBatchView['state'],
      total: Number(fields.total),
      done: Number(fields.done),
      skipped: Number(fields.skipped),
      failed: Number(fields.failed),
      createdAt: fields.createdAt!,
      updatedAt: fields.updatedAt!,
    };
  }

  /** The ids to handle, a page at a time: the selection, or the run's index after the last one. */
  async function* items(
    shop: string,
    action: ReviewBatchAction,
    target: ReviewBatchTarget,
    total: number,
  ): AsyncGenerator<string[]> {
    if (target.type === 'generations') {
      for (let i = 0; i < target.ids.length; i += PAGE) yield target.ids.slice(i, i + PAGE);
      return;
    }
    let handled = 0;
    let after: string | undefined;
    // Only as many as were counted when the merchant confirmed: later arrivals are not included.
    while (handled < total) {
      const ids = await review.generations.idsInRunState(
        shop,
        target.bulkRunId,
        ACTIONS[action].from,
        Math.min(PAGE, total - handled),
        after,
      );
      if (ids.length === 0) return;
      handled += ids.length;
      after = ids.at(-1);
      yield ids;
    }
  }

  async function handle(shop: string, batchId: string, action: ReviewBatchAction, id: string) {
    let outcome: 'done' | 'skipped' | 'failed' = 'done';
    try {
      await ACTIONS[action].run(review, shop, id);
    } catch (error) {
      outcome = error instanceof StaleTransitionError ? 'skipped' : 'failed';
      if (outcome === 'failed') {
        deps.logger.warn(
          { err: error, shop, generationId: id, action },
          'review batch item failed',
        );
      }
    }
    await redis
      .multi()
      .hincrby(keys.key(shop, batchId), outcome, 1)
      .hset(keys.key(shop, batchId), 'updatedAt', nowIso())
      .exec();
  }

  async function work(
    shop: string,
    batchId: string,
    action: ReviewBatchAction,
    target: ReviewBatchTarget,
    total: number,
  ) {
    try {
      for await (const page of items(shop, action, target, total)) {
        for (let i = 0; i < page.length; i += PARALLEL) {
          await Promise.all(
            page.slice(i, i + PARALLEL).map((id) => handle(shop, batchId, action, id)),
          );
        }
      }
    } finally {
      await redis.hset(keys.key(shop, batchId), 'state', 'done', 'updatedAt', nowIso());
    }
  }

  return {
    async start(shop, action, target) {
      const total =
        target.type === 'generations'
          ? target.ids.length
          : ((await review.generations.count(shop, {
              bulkRunId: target.bulkRunId,
              state: ACTIONS[action].from,
            })) ?? 0);
      const id = newGenerationId(clock.now());
      const at = nowIso();
      const key = keys.key(shop, id);
      await redis
        .multi()
        .hset(key, {
          action,
          state: total === 0 ? 'done' : 'running',
          total: String(total),
          done: '0',
          skipped: '0',
          failed: '0',
          createdAt: at,
          updatedAt: at,
        })
        .expire(key, KEEP_SECONDS)
        .exec();
      if (total > 0) {
        deps.runInBackground(`review batch ${action}`, () => work(shop, id, action, target, total));
      }
      return (await read(shop, id))!;
    },
    get: read,
  };
}
