/**
 * Removes one shop's jobs from a BullMQ queue when the shop is erased (shop/redact), then the
 * queue's events that name the shop:
 *  - jobs in every set (waiting, paused, prioritized, delayed, failed, completed,
 *    waiting-children) whose id carries one of the shop's ids (its opaque id, shop-ref.ts, or
 *    its records' ids), or, for a queue whose ids name nothing of the shop (Shopify webhooks,
 *    keyed by Shopify's event id), whose data the queue says is the shop's. A job running at
 *    that moment cannot be removed (BullMQ keeps a locked job): it is counted as `running`, and
 *    its handler finds the shop gone;
 *  - the entries of the events stream (bounded, open-queue.ts, so read whole) that name the
 *    shop: a job id carrying one of its ids (the `removed` events just written included), or
 *    any value holding its domain (a failure message).
 */
import type { Queue } from 'bullmq';
import type { Redis } from '../redis/connection.ts';
import { existingShopRef } from './shop-ref.ts';

export interface ShopTrace {
  /** What job ids carry of the shop (parts between '.'): its opaque id, its records' ids. */
  ids: ReadonlySet<string>;
  /** Text that names the shop wherever it appears: its domain. */
  names: readonly string[];
  /** For a queue whose job ids carry nothing of the shop: whether a job's data is the shop's. */
  ownsData?: (data: unknown) => boolean;
}

const LISTS = ['wait', 'paused', 'active'] as const;
const SORTED_SETS = ['prioritized', 'delayed', 'failed', 'completed', 'waiting-children'] as const;
const EVENTS_PAGE = 500;

export async function eraseShopJobs(
  redis: Redis,
  queue: Queue,
  trace: ShopTrace,
): Promise<{ removed: number; running: number }> {
  const named = (text: string) =>
    text.split('.').some((part) => trace.ids.has(part)) ||
    trace.names.some((name) => text.includes(name));
  async function owns(jobId: string): Promise<boolean> {
    if (named(jobId)) return true;
    if (!trace.ownsData) return false;
    const raw = await redis.hget(queue.toKey(jobId), 'data');
    return raw !== null && trace.ownsData(JSON.parse(raw));
  }

  let removed = 0;
  let running = 0;
  const ids = [
    ...(await Promise.all(LISTS.map((set) => redis.lrange(queue.keys[set]!, 0, -1)))),
    ...(await Promise.all(SORTED_SETS.map((set) => redis.zrange(queue.keys[set]!, '0', '-1')))),
  ].flat();
  for (const jobId of new Set(ids)) {
    if (!(await owns(jobId))) continue;
    if ((await queue.remove(jobId)) === 1) removed += 1;
    else running += 1;
  }

  const events = queue.keys.events!;
  for (let start = '-'; ;) {
    const page = await redis.xrange(events, start, '+', 'COUNT', EVENTS_PAGE);
    const naming = page.filter(([, fields]) => fields.some(named)).map(([id]) => id);
    if (naming.length > 0) await redis.xdel(events, ...naming);
    if (page.length < EVENTS_PAGE) break;
    start = `(${page.at(-1)![0]}`;
  }
  return { removed, running };
}

/** The trace of a shop whose job ids carry its opaque id, and `ids` (its records' ids). */
export async function shopTrace(
  redis: Redis,
  shop: string,
  ids: Iterable<string> = [],
): Promise<ShopTrace> {
  const ref = await existingShopRef(redis, shop);
  return { ids: new Set([...(ref ? [ref] : []), ...ids]), names: [shop] };
}
