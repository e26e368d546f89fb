/**
 * One review decision (approve, reject, undo) applied to many generations: the ones the merchant
 * selected, or every one of a bulk run in the state the action applies to ("Approve all",
 * "Undo all"). The work runs in the worker processes as a BullMQ job (review-batch-queue.ts), not
 * as N requests from the browser (a run has 64+ products) nor in the web process (a batch must
 * not be left "running" forever by a web process killed mid-batch); its progress is a small
 * Redis hash the app home polls.
 *
 * Starting a batch snapshots its items into a sorted set of its own (a run's: ZRANGESTORE of the
 * run's per-state index, one atomic command), so the batch is exactly what the merchant
 * confirmed, and later arrivals are not included. The job only carries the batch's id and
 * reloads everything from Redis.
 *
 * Each item is the same single action as the one-row buttons (review-actions.ts), so every
 * guarantee holds per item: an item decided meanwhile (by another tab, or the pipeline) is
 * skipped, never forced; a failure on one item (Shopify refused an undo) is counted and the
 * batch goes on. An item is counted once (a set of counted ids, updated with the counter in one
 * script), and counted items are not handled again: a worker killed mid-batch leaves its job to
 * another worker (BullMQ stalled-job recovery), which handles only the rest. The item in flight
 * at the crash is handled again: its decision was already made, so it is counted as skipped.
 */
import type {
  FidelityVerdict,
  ReviewBatchAction,
  ReviewBatchView,
} from '../../app-api/contract.ts';
import type { Clock } from '../../platform/clock.ts';
import { shopKeyspace } from '../../platform/keys.ts';
import type { Logger } from '../../platform/logger.ts';
import type { Redis } from '../../platform/redis/connection.ts';
import {
  StaleTransitionError,
  type Generation,
  type GenerationState,
} from '../generations/generation.ts';
import { newGenerationId } from '../generations/ids.ts';
import { generationKeys } from '../generations/keys.ts';
import { getMany } from '../generations/store/get.ts';
import { luaScript } from '../../platform/redis/lua-script.ts';
import { isFlagged, refuseUnconfirmedFlagged } from './flagged-approval.ts';
import {
  approveResult,
  rejectResult,
  undoPublished,
  type ResultAction,
  type ReviewDeps,
} from './review-actions.ts';

export type ReviewBatchTarget =
  | { type: 'generations'; ids: readonly string[] }
  /** `fidelity`: only those the fidelity check gave this verdict (Activity's "changed" filter). */
  | { type: 'bulkRun'; bulkRunId: string; fidelity?: FidelityVerdict };

export interface ReviewBatches {
  /**
   * Snapshots the items, records the batch and hands it to the workers; answers at once. An
   * approval whose items include results the fidelity check flagged is refused unless
   * `approveFlagged` (flagged-approval.ts): nothing is recorded.
   */
  start(
    shop: string,
    action: ReviewBatchAction,
    target: ReviewBatchTarget,
    options?: { approveFlagged?: boolean },
  ): Promise<ReviewBatchView>;
  get(shop: string, id: string): Promise<ReviewBatchView | null>;
  /** Handles the batch's items not counted yet, then marks it done (the worker's job). */
  run(shop: string, id: string): Promise<void>;
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
const itemsKey = (shop: string, id: string) => keys.key(shop, id, 'items');
const countedKey = (shop: string, id: string) => keys.key(shop, id, 'counted');

const COUNT_ONCE = luaScript(new URL('./lua/count-item-once.lua', import.meta.url), {
  keys: ['batch', 'counted'],
  args: ['id', 'outcome', 'updatedAt', 'keepSeconds'],
});

export function createReviewBatches(deps: {
  redis: Redis;
  clock: Clock;
  logger: Logger;
  review: ReviewDeps;
  /** Hands the batch to the workers (review-batch-queue.ts). */
  enqueue(shop: string, id: string): Promise<void>;
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

  /** Writes the batch's items (the selection, or the run's index now); returns how many. */
  async function snapshot(
    shop: string,
    id: string,
    action: ReviewBatchAction,
    target: ReviewBatchTarget,
  ): Promise<number> {
    const items = itemsKey(shop, id);
    if (target.type === 'bulkRun') {
      const index = generationKeys.byBulkRunState(shop, target.bulkRunId, ACTIONS[action].from);
      if (!target.fidelity) return redis.zrangestore(items, index, 0, -1);
      return snapshotVerdict(shop, items, index, target.fidelity);
    }
    const unique = [...new Set(target.ids)];
    await redis.zadd(items, ...unique.flatMap((item, position) => [position, item]));
    return unique.length;
  }

  /**
   * The run's items the check gave `verdict`, read page by page: no index holds verdicts, and the
   * records are read once, when the merchant confirms (an item decided meanwhile is skipped).
   */
  async function snapshotVerdict(
    shop: string,
    items: string,
    index: string,
    verdict: FidelityVerdict,
  ): Promise<number> {
    let total = 0;
    for (let start = 0; ; start += PAGE) {
      const ids = await redis.zrange(index, start, String(start + PAGE - 1));
      const chosen = (await getMany(redis, shop, ids))
        .filter((generation) => generation.fidelity?.verdict === verdict)
        .map((generation) => generation.id);
      if (chosen.length > 0) {
        await redis.zadd(items, ...chosen.flatMap((id, position) => [total + position, id]));
        total += chosen.length;
      }
      if (ids.length < PAGE) return total;
    }
  }

  /**
   * The snapshot is exactly what would be approved, so it is what is looked at: any flagged item
   * still in review (one decided meanwhile would be skipped) that the request did not confirm
   * drops the snapshot and refuses the batch.
   */
  async function refuseFlaggedItems(shop: string, id: string, total: number): Promise<void> {
    const items = itemsKey(shop, id);
    const flagged: Generation[] = [];
    for (let start = 0; start < total; start += PAGE) {
      const ids = await redis.zrange(items, start, String(start + PAGE - 1));
      const generations = await getMany(redis, shop, ids);
      flagged.push(...generations.filter((g) => g.state === 'in_review' && isFlagged(g)));
    }
    if (flagged.length === 0) return;
    await redis.del(items);
    refuseUnconfirmedFlagged(flagged, false);
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
    await COUNT_ONCE(
      redis,
      { batch: keys.key(shop, batchId), counted: countedKey(shop, batchId) },
      { id, outcome, updatedAt: nowIso(), keepSeconds: KEEP_SECONDS },
    );
  }

  return {
    async start(shop, action, target, options = {}) {
      const id = newGenerationId(clock.now());
      const key = keys.key(shop, id);
      const total = await snapshot(shop, id, action, target);
      if (action === 'approve' && !options.approveFlagged) {
        await refuseFlaggedItems(shop, id, total);
      }
      const at = nowIso();
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
        .expire(itemsKey(shop, id), KEEP_SECONDS)
        .exec();
      if (total > 0) await deps.enqueue(shop, id);
      return (await read(shop, id))!;
    },

    get: read,

    async run(shop, batchId) {
      const batch = await read(shop, batchId);
      if (!batch || batch.state === 'done') return;
      for (let start = 0; start < batch.total; start += PAGE) {
        const page = await redis.zrange(itemsKey(shop, batchId), start, String(start + PAGE - 1));
        if (page.length === 0) break;
        const counted = await redis.smismember(countedKey(shop, batchId), ...page);
        const rest = page.filter((_, index) => counted[index] === 0);
        for (let i = 0; i < rest.length; i += PARALLEL) {
          await Promise.all(
            rest.slice(i, i + PARALLEL).map((id) => handle(shop, batchId, batch.action, id)),
          );
        }
      }
      await redis.hset(keys.key(shop, batchId), 'state', 'done', 'updatedAt', nowIso());
    },
  };
}
