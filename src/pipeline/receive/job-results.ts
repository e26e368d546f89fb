/**
 * ProductAI job ids, app-wide: who owns each job, and which jobs webhook deliveries named before
 * anyone did. A job id is global to the service, and one ProductAI account (one webhook URL) may
 * serve several shops, so a delivery is routed by its job id through `owner`, never by the URL
 * it arrived at. No result is kept here: a delivery is only a notice that a job may have ended,
 * and how it ended is read from ProductAI's job endpoint (job-check.ts). The values name the
 * shop; the pipeline's erase hook removes a shop's entries (see pipeline index).
 *
 *  - owner: job id -> {shop, generationId, account}, written in the same atomic step as the
 *    move to `processing` (GenerationStore `alsoSet`). `account` is the ProductAI account the job
 *    was submitted to (`accountOf` the key): a delivery on another shop's URL counts only if
 *    that shop holds a key of the same account (webhook-receiver.ts).
 *  - notice: a delivery named the job while no generation owned it: the shop whose URL it
 *    reached first, kept a week (long enough for the slowest await deadline and for
 *    reconciliation), so the job's adoption checks it at once instead of at its first poll;
 *    the adoption then deletes it (it names a shop that may not be the owner).
 *  - unclaimed: per shop, job ids a delivery named on the shop's URL while no generation owned
 *    them: a webhook faster than our record of the submission, a submission that went
 *    `uncertain`, or a job made outside the app. Reconciliation (reconcile.ts) matches them;
 *    the rest are the merchant's to place (unclaimed-results.ts).
 */
import type { Clock } from '../../platform/clock.ts';
import type { Redis } from '../../platform/redis/connection.ts';
import type { GenerationRef } from '../stages/stage.ts';
import { generationKeys, type AppWideKeys } from '../generations/keys.ts';
import { luaScript } from '../../platform/redis/lua-script.ts';

export interface JobOwner extends GenerationRef {
  /** The account the job was submitted to; null in entries written before it was recorded. */
  account: string | null;
}

export interface UnclaimedJob {
  jobId: number;
  /** When the first delivery naming it reached the shop's URL (ISO 8601). */
  receivedAt: string;
}

const NOTICE_TTL_SECONDS = 7 * 24 * 3600;

export interface JobResults {
  /** The generation a job belongs to, or null when no generation has claimed it (yet). */
  owner(jobId: number): Promise<JobOwner | null>;
  /** The `alsoSet` entry that records the owner inside a generation transition. */
  ownerEntry(
    jobId: number,
    ref: GenerationRef,
    account: string | null,
  ): { key: string; value: string };
  /**
   * A delivery naming the job reached `shop`'s URL, in one atomic step: a job with an owner is
   * left as it is and its owner returned; a job with none is listed as unclaimed for the shop
   * and noticed (see the header), and null is returned.
   */
  noteDelivery(jobId: number, shop: string): Promise<JobOwner | null>;
  /** The shop whose URL a delivery reached while the job had no owner, or null. */
  noticedAt(jobId: number): Promise<string | null>;
  /** Once the job is owned: its notice and its place in `shop`'s unclaimed list go. */
  clearNotice(jobId: number, shop: string): Promise<void>;
  /** Unclaimed jobs of a shop, oldest first. */
  unclaimed(shop: string): Promise<UnclaimedJob[]>;
  removeUnclaimed(shop: string, jobId: number): Promise<void>;
  /** Forgets every job of the shop (erase): the owner entries of the given job ids and notices. */
  forget(shop: string, jobIds: readonly number[]): Promise<void>;
}

const NOTE_DELIVERY = luaScript(new URL('./lua/note-delivery.lua', import.meta.url), {
  keys: ['owner', 'notice', 'unclaimed'],
  args: ['shop', 'ttlSeconds', 'receivedMs', 'jobId'],
});

function parseOwner(raw: string): JobOwner {
  const owner = JSON.parse(raw) as GenerationRef & { account?: string | null };
  return { shop: owner.shop, generationId: owner.generationId, account: owner.account ?? null };
}

export function createJobResults(deps: {
  redis: Redis;
  clock: Clock;
  keys: AppWideKeys;
}): JobResults {
  const { redis, clock, keys } = deps;
  return {
    async owner(jobId) {
      const raw = await redis.get(keys.job(jobId));
      return raw ? parseOwner(raw) : null;
    },
    ownerEntry(jobId, ref, account) {
      return {
        key: keys.job(jobId),
        value: JSON.stringify({ shop: ref.shop, generationId: ref.generationId, account }),
      };
    },
    async noteDelivery(jobId, shop) {
      const owner = (await NOTE_DELIVERY(
        redis,
        {
          owner: keys.job(jobId),
          notice: keys.jobNotice(jobId),
          unclaimed: generationKeys.unclaimedJobs(shop),
        },
        { shop, ttlSeconds: NOTICE_TTL_SECONDS, receivedMs: clock.now(), jobId },
      )) as string | null;
      return owner ? parseOwner(owner) : null;
    },
    async noticedAt(jobId) {
      return redis.get(keys.jobNotice(jobId));
    },
    async clearNotice(jobId, shop) {
      await redis
        .multi()
        .unlink(keys.jobNotice(jobId))
        .zrem(generationKeys.unclaimedJobs(shop), String(jobId))
        .exec();
    },
    async unclaimed(shop) {
      const key = generationKeys.unclaimedJobs(shop);
      // Past the notice's lifetime an entry can no longer be matched: forget it here.
      await redis.zremrangebyscore(key, '-inf', clock.now() - NOTICE_TTL_SECONDS * 1000);
      const flat = await redis.zrange(key, 0, '-1', 'WITHSCORES');
      const jobs: UnclaimedJob[] = [];
      for (let i = 0; i < flat.length; i += 2) {
        jobs.push({
          jobId: Number(flat[i]),
          receivedAt: new Date(Number(flat[i + 1])).toISOString(),
        });
      }
      return jobs;
    },
    async removeUnclaimed(shop, jobId) {
      await redis.zrem(generationKeys.unclaimedJobs(shop), String(jobId));
    },
    async forget(shop, jobIds) {
      const unclaimed = await redis.zrange(generationKeys.unclaimedJobs(shop), 0, '-1');
      const ids = [...new Set([...jobIds, ...unclaimed.map(Number)])];
      if (ids.length === 0) return;
      await redis.unlink(...ids.flatMap((id) => [keys.job(id), keys.jobNotice(id)]));
    },
  };
}
