/**
 * Idempotency keys of the app's create requests (`POST /api/generations` takes `Idempotency-Key`):
 * a click sent again with its key, after a gateway timeout or a lost answer, gets the answer the
 * first one got and creates nothing. Per shop (the key is under the shop's prefix, so another
 * shop's key of the same text is another entry, and erasing the shop erases them).
 *
 *  - The first request claims the key (SET NX) with a pending entry for `pendingMs`, runs, and
 *    replaces the entry with its answer for `windowMs` (24 h); if it fails, the entry goes and a
 *    retry runs afresh (nothing was created, or the failure would have said so).
 *  - The same key with another request body is refused (400): a key names one click.
 *  - The same key while the first is still running: 409, try again in a moment.
 * A process dying mid-request leaves the pending entry to expire: a retry after `pendingMs` runs
 * again. That is the one case a key does not cover, and why `pendingMs` is longer than a create
 * can take (its Admin reads, with their retries).
 */
import { createHash, randomUUID } from 'node:crypto';
import { AppError } from '../platform/errors.ts';
import { shopKeyspace } from '../platform/keys.ts';
import type { Redis } from '../platform/redis/connection.ts';
import { luaScript } from '../platform/redis/lua-script.ts';

/** 24 h: a retried click comes within seconds or minutes; a day covers a reload the next morning
 * too, and one small entry per click for a day is little memory. */
export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60_000;
/** Longest a create is expected to run (Admin reads with retries): 2 minutes. */
export const IDEMPOTENCY_PENDING_MS = 2 * 60_000;

const keys = shopKeyspace('idempotency');

const SETTLE = luaScript(new URL('./lua/settle-idempotency-key.lua', import.meta.url), {
  keys: ['entry'],
  args: ['pending', 'answer', 'ttlMs'],
});

interface Entry<T> {
  /** A hash of the request the key was first sent with. */
  request: string;
  /** The claiming request's token while it runs. */
  pending?: string;
  answer?: T;
}

export interface IdempotencyKeys {
  /**
   * `run`'s answer, run once per shop and key within the window: the same request sent again
   * with the key gets the first answer, and `run` is not called.
   */
  once<T>(shop: string, key: string, request: unknown, run: () => Promise<T>): Promise<T>;
}

/** The request's identity: its JSON, keys sorted, hashed (a key names one request). */
function requestHash(request: unknown): string {
  const sorted = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(sorted)
      : value && typeof value === 'object'
        ? Object.fromEntries(
            Object.entries(value)
              .filter(([, child]) => child !== undefined)
              .sort(([a], [b]) => a.localeCompare(b))
              .map(([name, child]) => [name, sorted(child)]),
          )
        : value;
  return createHash('sha256')
    .update(JSON.stringify(sorted(request)))
    .digest('base64url');
}

export function createIdempotencyKeys(
  redis: Redis,
  timing: { windowMs: number; pendingMs: number } = {
    windowMs: IDEMPOTENCY_WINDOW_MS,
    pendingMs: IDEMPOTENCY_PENDING_MS,
  },
): IdempotencyKeys {
  return {
    async once(shop, key, request, run) {
      // The key is the client's text: hashed, so any text makes a valid Redis key part.
      const entryKey = keys.key(shop, createHash('sha256').update(key).digest('base64url'));
      const hash = requestHash(request);
      const pending = JSON.stringify({
        request: hash,
        pending: randomUUID(),
      } satisfies Entry<never>);
      for (;;) {
        const claimed = await redis.set(entryKey, pending, 'PX', timing.pendingMs, 'NX');
        if (claimed === 'OK') break;
        const raw = await redis.get(entryKey);
        if (raw === null) continue; // expired between the two: claim it now
        const entry = JSON.parse(raw) as Entry<Awaited<ReturnType<typeof run>>>;
        if (entry.request !== hash) {
          throw new AppError('invalid', 'idempotency_key_reused', {
            fields: { 'Idempotency-Key': { code: 'idempotency_key_reused' } },
          });
        }
        if (entry.pending !== undefined) {
          throw new AppError('conflict', 'idempotency_in_progress');
        }
        return entry.answer as Awaited<ReturnType<typeof run>>;
      }
      let answer;
      try {
        answer = await run();
      } catch (error) {
        await SETTLE(redis, { entry: entryKey }, { pending, answer: '', ttlMs: 0 });
        throw error;
      }
      const done = JSON.stringify({ request: hash, answer } satisfies Entry<typeof answer>);
      await SETTLE(redis, { entry: entryKey }, { pending, answer: done, ttlMs: timing.windowMs });
      return answer;
    },
  };
}
