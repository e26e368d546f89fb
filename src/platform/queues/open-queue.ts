/**
 * THE way the app opens a BullMQ queue, so every queue has the same bounds. Its `events` stream
 * (one entry per job added, delayed, failed, completed, removed…, naming the job's id and, on
 * failure, the error message) is capped at `QUEUE_EVENTS_MAX_LEN`: BullMQ trims it on each add
 * (`XADD MAXLEN ~`, so it may run a stream node, 100 entries, over). Nothing in the app reads the
 * stream (no QueueEvents); it is for an operator watching a queue live, and 1,000 entries are
 * minutes of a busy queue. BullMQ's own default, 10,000, keeps a quiet queue's entries (job ids
 * naming shops' records) for weeks.
 */
import { Queue, type QueueOptions } from 'bullmq';

export const QUEUE_EVENTS_MAX_LEN = 1_000;

export function openQueue<T>(name: string, options: QueueOptions): Queue<T> {
  return new Queue<T>(name, {
    ...options,
    streams: { events: { maxLen: QUEUE_EVENTS_MAX_LEN } },
  });
}
