/**
 * The shop's rules for new products, its daily credit cap for automatic work, and each rule's
 * last results. Rules are one hash (field per rule: saving one never overwrites another); the
 * last results are a list per rule trimmed to RECENT_PER_RULE, so showing them reads a bounded
 * number of generations whatever a rule has made.
 */
import { AppError } from '../../platform/errors.ts';
import { randomUUID } from 'node:crypto';
import type { Redis } from '../../platform/redis/connection.ts';
import { shopKeyspace } from '../../platform/keys.ts';
import {
  MAX_RULES,
  RECENT_PER_RULE,
  type Rule,
  type SaveRuleRequest,
} from '../../app-api/rules.ts';

const ruleKeys = shopKeyspace('rules');
const keys = {
  all: (shop: string) => ruleKeys.key(shop, 'all'),
  cap: (shop: string) => ruleKeys.key(shop, 'daily-cap'),
  recent: (shop: string, ruleId: string) => ruleKeys.key(shop, 'recent', ruleId),
};

export class RuleNotFoundError extends AppError {
  override readonly name = 'RuleNotFoundError';
  constructor() {
    super('not_found', 'rule_not_found');
  }
}

export class TooManyRulesError extends AppError {
  override readonly name = 'TooManyRulesError';
  constructor() {
    super('conflict', 'too_many_rules', { params: { max: MAX_RULES } });
  }
}

export interface RuleStore {
  list(shop: string): Promise<Rule[]>;
  get(shop: string, id: string): Promise<Rule | null>;
  /** Creates (no id) or replaces a rule, and sets the shop's daily cap with it. */
  save(shop: string, request: SaveRuleRequest, id?: string, nowMs?: number): Promise<Rule>;
  setActive(shop: string, id: string, active: boolean, nowMs?: number): Promise<Rule>;
  remove(shop: string, id: string): Promise<boolean>;
  dailyCap(shop: string): Promise<number | null>;
  setDailyCap(shop: string, cap: number): Promise<void>;
  /** Remembers generations a rule made (newest first, at most RECENT_PER_RULE; idempotent). */
  addRecent(shop: string, ruleId: string, generationIds: readonly string[]): Promise<void>;
  recent(shop: string, ruleId: string): Promise<string[]>;
}

export function createRuleStore(deps: { redis: Redis }): RuleStore {
  const { redis } = deps;
  const parse = (raw: string | null) => (raw ? (JSON.parse(raw) as Rule) : null);

  async function get(shop: string, id: string): Promise<Rule | null> {
    return parse(await redis.hget(keys.all(shop), id));
  }

  async function put(shop: string, rule: Rule): Promise<Rule> {
    await redis.hset(keys.all(shop), rule.id, JSON.stringify(rule));
    return rule;
  }

  return {
    async list(shop) {
      const rules = Object.values(await redis.hgetall(keys.all(shop))).map(
        (raw) => JSON.parse(raw) as Rule,
      );
      return rules.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
    },
    get,
    async save(shop, request, id, nowMs = Date.now()) {
      const at = new Date(nowMs).toISOString();
      const { dailyCap, ...fields } = request;
      const existing = id ? await get(shop, id) : null;
      if (id && !existing) throw new RuleNotFoundError();
      if (!existing && (await redis.hlen(keys.all(shop))) >= MAX_RULES) {
        throw new TooManyRulesError();
      }
      await redis.set(keys.cap(shop), String(dailyCap));
      return put(shop, {
        ...fields,
        id: existing?.id ?? randomUUID(),
        createdAt: existing?.createdAt ?? at,
        updatedAt: at,
      });
    },
    async setActive(shop, id, active, nowMs = Date.now()) {
      const rule = await get(shop, id);
      if (!rule) throw new RuleNotFoundError();
      return put(shop, { ...rule, active, updatedAt: new Date(nowMs).toISOString() });
    },
    async remove(shop, id) {
      const [[, removed]] = (await redis
        .multi()
        .hdel(keys.all(shop), id)
        .del(keys.recent(shop, id))
        .exec()) as [[unknown, number]];
      return removed === 1;
    },
    async dailyCap(shop) {
      const raw = await redis.get(keys.cap(shop));
      return raw === null ? null : Number(raw);
    },
    async setDailyCap(shop, cap) {
      await redis.set(keys.cap(shop), String(cap));
    },
    async addRecent(shop, ruleId, generationIds) {
      const key = keys.recent(shop, ruleId);
      const tx = redis.multi();
      for (const id of generationIds) tx.lrem(key, 0, id).lpush(key, id);
      await tx.ltrim(key, 0, RECENT_PER_RULE - 1).exec();
    },
    recent: (shop, ruleId) => redis.lrange(keys.recent(shop, ruleId), 0, RECENT_PER_RULE - 1),
  };
}
