/**
 * Campaigns in Redis: a hash per campaign (one JSON-encoded field per record field), an index of
 * the shop's campaigns, the map from a bulk run to its campaign (what the publish hold reads),
 * the end sweep's recorded decisions per generation, and ONE app-wide sorted set of due work:
 * member `<shop> <id>`, score = when the campaign next needs a worker (its start, its end, or
 * now while a phase's sweep is unfinished). The due set is what makes schedules survive
 * restarts: the reconciler (campaign-runner.ts) reads it against the clock, whatever happened to
 * the delayed jobs.
 */
import type { Clock } from '../../platform/clock.ts';
import { appWideKey, shopKeyspace } from '../../platform/keys.ts';
import type { Redis } from '../../platform/redis/connection.ts';
import { newGenerationId } from '../../pipeline/index.ts';
import { luaScript } from '../../platform/redis/lua-script.ts';
import { createStateRecords } from '../../platform/redis/state-records.ts';
import {
  CampaignNotFoundError,
  CampaignStateError,
  type Campaign,
  type CampaignState,
  type TakeDownDecision,
} from './campaign.ts';

const keys = shopKeyspace('campaigns');
const recordKey = (shop: string, id: string) => keys.key(shop, 'campaign', id);
const indexKey = (shop: string) => keys.key(shop, 'index');
const byRunKey = (shop: string) => keys.key(shop, 'by-run');
const decisionsKey = (shop: string, id: string) => keys.key(shop, 'campaign', id, 'decisions');

export type NewCampaign = Pick<
  Campaign,
  'shop' | 'name' | 'bulkRunId' | 'timeZone' | 'startsAt' | 'endsAt' | 'reviewFirst'
>;

export interface DueCampaign {
  shop: string;
  id: string;
}

export interface CampaignStore {
  /**
   * A scheduled campaign over its bulk run, due at its start. Created before the run expands,
   * so the hold applies to the run's very first result.
   */
  create(input: NewCampaign): Promise<Campaign>;
  get(shop: string, id: string): Promise<Campaign | null>;
  /** Newest first. */
  list(shop: string, limit?: number): Promise<Campaign[]>;
  ofRun(shop: string, bulkRunId: string): Promise<Campaign | null>;
  /** Atomic: moves to `to` from one of `from` (stamping startedAt/endedAt), due now. */
  setState(
    shop: string,
    id: string,
    from: readonly CampaignState[],
    to: CampaignState,
    action: string,
  ): Promise<Campaign>;
  /** The go-live sweep is complete: due next at the end. */
  markReleased(shop: string, id: string): Promise<void>;
  /** The end sweep is complete: nothing left to do. */
  markRestored(shop: string, id: string): Promise<void>;
  /** Due again at `atMs` (a sweep waiting for results still in flight). */
  dueAt(shop: string, id: string, atMs: number): Promise<void>;
  /** Campaigns due at or before `nowMs`, oldest first. */
  due(nowMs: number, limit: number): Promise<DueCampaign[]>;
  forgetShop(shop: string): Promise<void>;
  /** Records the end sweep's decision for a result unless one was; returns the recorded one. */
  decide(
    shop: string,
    id: string,
    generationId: string,
    decision: TakeDownDecision,
  ): Promise<TakeDownDecision>;
  decisions(shop: string, id: string): Promise<Record<string, TakeDownDecision>>;
}

const FIELDS = [
  'id',
  'shop',
  'name',
  'bulkRunId',
  'timeZone',
  'startsAt',
  'endsAt',
  'reviewFirst',
  'state',
  'released',
  'restored',
  'startedAt',
  'endedAt',
  'createdAt',
  'updatedAt',
] as const satisfies readonly (keyof Campaign)[];

/** The time field a move into a state stamps, besides updatedAt. */
const STAMPS: Partial<Record<CampaignState, 'startedAt' | 'endedAt'>> = {
  live: 'startedAt',
  ended: 'endedAt',
  cancelled: 'endedAt',
};

const MARK_DONE = luaScript(new URL('./lua/mark-done.lua', import.meta.url), {
  keys: ['record', 'due'],
  args: ['flag', 'now', 'dueMember', 'nextDueMs'],
});

export function createCampaignStore(deps: {
  redis: Redis;
  clock: Clock;
  namespace: string;
}): CampaignStore {
  const { redis, clock } = deps;
  const dueKey = appWideKey('campaigns-due', deps.namespace);
  const member = (shop: string, id: string) => `${shop} ${id}`;
  const nowIso = () => new Date(clock.now()).toISOString();
  const records = createStateRecords<Campaign, CampaignState>({
    redis,
    now: () => clock.now(),
    recordKey,
    indexKey,
    fields: FIELDS,
    notFound: () => new CampaignNotFoundError(),
    stale: (_id, current, action) => new CampaignStateError(current, action),
  });
  const { get } = records;

  async function markDone(shop: string, id: string, flag: string, nextDueMs: number | null) {
    await MARK_DONE(
      redis,
      { record: recordKey(shop, id), due: dueKey },
      {
        flag,
        now: JSON.stringify(nowIso()),
        dueMember: member(shop, id),
        nextDueMs: nextDueMs ?? '',
      },
    );
  }

  return {
    async create(input) {
      const now = clock.now();
      const at = new Date(now).toISOString();
      const campaign: Campaign = {
        ...input,
        id: newGenerationId(now),
        state: 'scheduled',
        released: false,
        restored: false,
        startedAt: null,
        endedAt: null,
        createdAt: at,
        updatedAt: at,
      };
      await records
        .create(campaign)
        .hset(byRunKey(input.shop), input.bulkRunId, campaign.id)
        .zadd(dueKey, Date.parse(input.startsAt), member(input.shop, campaign.id))
        .exec();
      return campaign;
    },

    get,

    list: (shop, limit = 50) => records.list(shop, limit),

    async ofRun(shop, bulkRunId) {
      const id = await redis.hget(byRunKey(shop), bulkRunId);
      return id ? get(shop, id) : null;
    },

    setState(shop, id, from, to, action) {
      return records.setState(shop, id, {
        from,
        to,
        action,
        stamp: STAMPS[to],
        due: { key: dueKey, member: member(shop, id), score: clock.now() },
      });
    },

    async markReleased(shop, id) {
      const campaign = await get(shop, id);
      if (campaign) await markDone(shop, id, 'released', Date.parse(campaign.endsAt));
    },

    markRestored: (shop, id) => markDone(shop, id, 'restored', null),

    async dueAt(shop, id, atMs) {
      await redis.zadd(dueKey, atMs, member(shop, id));
    },

    async due(nowMs, limit) {
      const members = await redis.zrangebyscore(dueKey, '-inf', String(nowMs), 'LIMIT', 0, limit);
      return members.map((entry) => {
        const [shop, id] = entry.split(' ') as [string, string];
        return { shop, id };
      });
    },

    async forgetShop(shop) {
      const ids = await redis.zrangebylex(indexKey(shop), '-', '+');
      if (ids.length > 0) await redis.zrem(dueKey, ...ids.map((id) => member(shop, id)));
    },

    async decide(shop, id, generationId, decision) {
      const key = decisionsKey(shop, id);
      await redis.hsetnx(key, generationId, decision);
      return (await redis.hget(key, generationId)) as TakeDownDecision;
    },

    async decisions(shop, id) {
      return (await redis.hgetall(decisionsKey(shop, id))) as Record<string, TakeDownDecision>;
    },
  };
}
