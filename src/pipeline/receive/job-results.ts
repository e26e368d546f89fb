/**
 * ProductAI job ids and their results, app-wide. A job id is global to the service, and one
 * ProductAI account (one webhook URL) may serve several shops, so a result is routed by its
 * job id through `owner`, never by the URL it arrived at. The values name the shop; the
 * pipeline's erase hook removes a shop's entries (see pipeline index).
 *
 *  - owner: job id -> {shop, generationId}, written in the same atomic step as the
 *    `submitting -> processing` transition (GenerationStore `alsoSet`).
 *  - result: what a webhook delivered for the job (first delivery wins: SET NX, so a replay or a
 *    later contradicting delivery changes nothing), kept a week, long enough for the slowest
 *    await deadline and for reconciliation.
 *  - unclaimed: per shop, job ids whose result reached the shop's URL while no generation owned
 *    them: a webhook faster than our record of the submission, or a submission that went
 *    `uncertain`. Reconciliation (reconcile.ts) matches them.
 */
import type { Clock } from '../../platform/clock.ts';
import type { Redis } from '../../platform/redis/connection.ts';
import type { GenerationRef } from '../stages/stage.ts';
import { generationKeys, type AppWideKeys } from '../generations/keys.ts';
import { luaScript } from '../../platform/redis/lua-script.ts';

export interface JobResult {
  status: 'success' | 'error';
  /** The result file; null when the job ended in error. */
  imageUrl: string | null;
  /** ISO 8601. */
  receivedAt: string;
  /** The shop whose webhook URL it arrived at. */
  arrivedAt: string;
}

const RESULT_TTL_SECONDS = 7 * 24 * 3600;

export interface JobResults {
  /** The generation a job belongs to, or null when no generation has claimed it (yet). */
  owner(jobId: number): Promise<GenerationRef | null>;
  /** The `alsoSet` entry that records the owner inside a generation transition. */
  ownerEntry(jobId: number, ref: GenerationRef): { key: string; value: string };
  /**
   * A delivered result, in one atomic step: kept unless one was already (first delivery wins, so
   * a duplicate or replay changes nothing); its owner looked up; and when it has none, listed as
   * unclaimed for the shop whose URL it arrived at. Returns the owner.
   */
  deliver(jobId: number, result: JobResult): Promise<GenerationRef | null>;
  get(jobId: number): Promise<JobResult | null>;
  /** Unclaimed job ids of a shop, oldest first. */
  unclaimed(shop: string): Promise<number[]>;
  removeUnclaimed(shop: string, jobId: number): Promise<void>;
  /** Forgets every job of the shop (erase): the owner entries of the given job ids and results. */
  forget(shop: string, jobIds: readonly number[]): Promise<void>;
}

const DELIVER = luaScript(new URL('./lua/deliver-result.lua', import.meta.url), {
  keys: ['result', 'owner', 'unclaimed'],
  args: ['result', 'ttlSeconds', 'receivedMs', 'jobId'],
});

export function createJobResults(deps: {
  redis: Redis;
  clock: Clock;
  keys: AppWideKeys;
}): JobResults {
  const { redis, clock, keys } = deps;
  return {
    async owner(jobId) {
      const raw = await redis.get(keys.job(jobId));
      return raw ? (JSON.parse(raw) as GenerationRef) : null;
    },
    ownerEntry(jobId, ref) {
      return {
        key: keys.job(jobId),
        value: JSON.stringify({ shop: ref.shop, generationId: ref.generationId }),
      };
    },
    async deliver(jobId, result) {
      const owner = (await DELIVER(
        redis,
        {
          result: keys.jobResult(jobId),
          owner: keys.job(jobId),
          unclaimed: generationKeys.unclaimedJobs(result.arrivedAt),
        },
        {
          result: JSON.stringify(result),
          ttlSeconds: RESULT_TTL_SECONDS,
          receivedMs: Date.parse(result.receivedAt),
          jobId,
        },
      )) as string | null;
      return owner ? (JSON.parse(owner) as GenerationRef) : null;
    },
    async get(jobId) {
      const raw = await redis.get(keys.jobResult(jobId));
      return raw ? (JSON.parse(raw) as JobResult) : null;
    },
    async unclaimed(shop) {
      const key = generationKeys.unclaimedJobs(shop);
      // Past the result's lifetime an entry can no longer be used: forget it here.
      await redis.zremrangebyscore(key, '-inf', clock.now() - RESULT_TTL_SECONDS * 1000);
      return (await redis.zrange(key, 0, '-1')).map(Number);
    },
    async removeUnclaimed(shop, jobId) {
      await redis.zrem(generationKeys.unclaimedJobs(shop), String(jobId));
    },
    async forget(shop, jobIds) {
      const unclaimed = await redis.zrange(generationKeys.unclaimedJobs(shop), 0, '-1');
      const ids = [...new Set([...jobIds, ...unclaimed.map(Number)])];
      if (ids.length === 0) return;
      await redis.unlink(...ids.flatMap((id) => [keys.job(id), keys.jobResult(id)]));
    },
  };
}
