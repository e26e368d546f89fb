/**
 * ProductAI's settled answers about unclaimed jobs, remembered per shop and account so that
 * listing unclaimed results does not ask ProductAI again for every job at every refresh.
 *
 * Activity refreshes every 15 s and a shop that also uses the ProductAI studio may have hundreds
 * of unclaimed jobs within their 7-day lifetime: asked afresh, that is hundreds of job reads per
 * refresh against a service whose read limits are not published. An answer that cannot change is
 * kept: a COMPLETED job's result, and "not this account's job" (job_not_found). A running job, or
 * a failure to ask, is not kept and is asked again next time. Keyed by the account (accountOf the
 * key), so a replaced key asks again; under the shop's prefix (erased with it); expiring with the
 * unclaimed list's own lifetime.
 */
import { shopKeyspace } from '../../platform/keys.ts';
import type { Redis } from '../../platform/redis/connection.ts';

/** What ProductAI said for good: the result's URL, or that the account has no such job. */
export type SettledAnswer = { url: string } | { notFound: true };

export interface UnclaimedAnswers {
  get(
    shop: string,
    account: string,
    jobIds: readonly number[],
  ): Promise<Map<number, SettledAnswer>>;
  keep(shop: string, account: string, jobId: number, answer: SettledAnswer): Promise<void>;
}

const answers = shopKeyspace('unclaimed-answers');
const LIFETIME_SECONDS = 7 * 24 * 3600;

export function createUnclaimedAnswers(redis: Redis): UnclaimedAnswers {
  return {
    async get(shop, account, jobIds) {
      const found = new Map<number, SettledAnswer>();
      if (jobIds.length === 0) return found;
      const raw = await redis.hmget(answers.key(shop, account), ...jobIds.map(String));
      raw.forEach((value, index) => {
        if (value !== null) found.set(jobIds[index]!, JSON.parse(value) as SettledAnswer);
      });
      return found;
    },
    async keep(shop, account, jobId, answer) {
      const key = answers.key(shop, account);
      await redis
        .multi()
        .hset(key, String(jobId), JSON.stringify(answer))
        .expire(key, LIFETIME_SECONDS)
        .exec();
    },
  };
}
