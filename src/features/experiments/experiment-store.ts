/**
 * Experiments in Redis, under the shop's prefix (experiment-keys.ts; the event store's counters
 * are the `experiments` concern, event-store.ts), and ONE app-wide sorted set of due work (member `<shop> <id>`, score = when the experiment next
 * needs a worker: its next daily look, or now while its end's steps are unfinished), which the
 * runner's reconciler reads (experiment-runner.ts). Starting checks the product, a campaign's
 * claim on it and the cap in the same step as it writes (lua/start-experiment.lua), and keeping
 * an "ask" end's winner checks the claim and the product in the same step as it records the keep
 * (lua/keep-winner.lua): a campaign going live claims the product first (campaign-claims.ts).
 */
import type { Clock } from '../../platform/clock.ts';
import { appWideKey } from '../../platform/keys.ts';
import type { Redis } from '../../platform/redis/connection.ts';
import { luaScript } from '../../platform/redis/lua-script.ts';
import { createStateRecords } from '../../platform/redis/state-records.ts';
import { newGenerationId } from '../../pipeline/index.ts';
import { AppError } from '../../platform/errors.ts';
import {
  ExperimentNotFoundError,
  ExperimentStateError,
  type Experiment,
  type ExperimentEnd,
  type ExperimentState,
} from './experiment.ts';
import { CampaignClaimError } from './campaign-claims.ts';
import { claimsKey, indexKey, productsKey, recordKey, stepsKey } from './experiment-keys.ts';

/**
 * Experiments not finished per shop: each holds a product's storefront and a daily look, and
 * its event store's counters (<= 64 KB); 25 is more products than a shop tests at once.
 */
export const MAX_RUNNING_EXPERIMENTS = 25;

export type NewExperiment = Pick<
  Experiment,
  | 'shop'
  | 'productId'
  | 'arms'
  | 'weights'
  | 'goal'
  | 'minDays'
  | 'maxDays'
  | 'endAction'
  | 'losers'
>;

/** What the end's featured step decided: set the kept arm, or leave the merchant's own choice. */
export type FeaturedDecision = 'set' | 'edited';

export interface DueExperiment {
  shop: string;
  id: string;
}

export interface ExperimentStore {
  /**
   * A running experiment, due a look at `firstLookMs`; refused on a busy product or at the cap,
   * and (CampaignClaimError) on a product a campaign claimed.
   */
  create(input: NewExperiment, firstLookMs: number): Promise<Experiment>;
  get(shop: string, id: string): Promise<Experiment | null>;
  /** Newest first. */
  list(shop: string, limit?: number): Promise<Experiment[]>;
  /** The product's experiment not finished yet (running, or ended with steps left). */
  ofProduct(shop: string, productId: string): Promise<Experiment | null>;
  /** Atomic: running -> ended with its end decided, due now; throws when not running. */
  end(shop: string, id: string, end: ExperimentEnd): Promise<Experiment>;
  /**
   * The end's steps are done: out of the due set, its product free. False, and nothing done,
   * when the end kept another arm since these steps read it (the merchant kept the winner
   * meanwhile): the steps run again.
   */
  finish(experiment: Experiment): Promise<boolean>;
  /**
   * Atomic: an end decided with `ask` keeps its winner, due now for the end's steps; returns
   * the experiment as recorded (the same when the winner was kept already). Throws when it has
   * no winner waiting, another experiment holds the product, or (CampaignClaimError) a campaign
   * claimed it.
   */
  keepWinner(shop: string, id: string): Promise<Experiment>;
  /** Due its next daily look at `atMs`, if still running (an end stays due now). */
  nextLook(shop: string, id: string, atMs: number): Promise<void>;
  /** Experiments due at or before `nowMs`, oldest first. */
  due(nowMs: number, limit: number): Promise<DueExperiment[]>;
  /**
   * Records the featured step's decision unless one was; returns the recorded one (`edited` on a
   * product a campaign claimed: the campaign's image stays, lua/decide-featured.lua).
   */
  decideFeatured(
    experiment: Pick<Experiment, 'shop' | 'id' | 'productId'>,
    decision: FeaturedDecision,
  ): Promise<FeaturedDecision>;
  /** Whether the end's Flow trigger was sent; `markFlowSent` records it. */
  flowSent(shop: string, id: string): Promise<boolean>;
  markFlowSent(shop: string, id: string): Promise<void>;
  /** Takes the shop's experiments out of the due set (uninstalled: nothing can be changed). */
  forgetShop(shop: string): Promise<void>;
}

const FIELDS = [
  'id',
  'shop',
  'productId',
  'arms',
  'weights',
  'goal',
  'minDays',
  'maxDays',
  'endAction',
  'losers',
  'state',
  'end',
  'finished',
  'startedAt',
  'endedAt',
  'createdAt',
  'updatedAt',
] as const satisfies readonly (keyof Experiment)[];

const START = luaScript(new URL('./lua/start-experiment.lua', import.meta.url), {
  keys: ['record', 'index', 'products', 'due', 'claims'],
  args: ['fields', 'id', 'productId', 'cap', 'dueMember', 'dueMs'],
});
const END = luaScript(new URL('./lua/end-experiment.lua', import.meta.url), {
  keys: ['record', 'due'],
  args: ['end', 'now', 'dueMember', 'dueMs'],
});
const NEXT_LOOK = luaScript(new URL('./lua/next-look.lua', import.meta.url), {
  keys: ['record', 'due'],
  args: ['dueMember', 'atMs'],
});
const FINISH = luaScript(new URL('./lua/finish-experiment.lua', import.meta.url), {
  keys: ['record', 'products', 'due'],
  args: ['id', 'productId', 'keep', 'now', 'dueMember'],
});
const DECIDE_FEATURED = luaScript(new URL('./lua/decide-featured.lua', import.meta.url), {
  keys: ['steps', 'claims'],
  args: ['productId', 'decision'],
});
const KEEP_WINNER = luaScript(new URL('./lua/keep-winner.lua', import.meta.url), {
  keys: ['record', 'products', 'due', 'claims'],
  args: ['id', 'productId', 'now', 'dueMember', 'dueMs'],
});

export function createExperimentStore(deps: {
  redis: Redis;
  clock: Clock;
  namespace: string;
}): ExperimentStore {
  const { redis, clock } = deps;
  const dueKey = appWideKey('experiments-due', deps.namespace);
  const member = (shop: string, id: string) => `${shop} ${id}`;
  const records = createStateRecords<Experiment, ExperimentState>({
    redis,
    now: () => clock.now(),
    recordKey,
    indexKey,
    fields: FIELDS,
    notFound: () => new ExperimentNotFoundError(),
    stale: (_id, current) => new ExperimentStateError(current),
  });
  const { get } = records;

  return {
    async create(input, firstLookMs) {
      const now = clock.now();
      const at = new Date(now).toISOString();
      const experiment: Experiment = {
        ...input,
        id: newGenerationId(now),
        state: 'running',
        end: null,
        finished: false,
        startedAt: at,
        endedAt: null,
        createdAt: at,
        updatedAt: at,
      };
      const fields = Object.fromEntries(
        FIELDS.map((field) => [field, JSON.stringify(experiment[field])]),
      );
      const [status, current] = (await START(
        redis,
        {
          record: recordKey(input.shop, experiment.id),
          index: indexKey(input.shop),
          products: productsKey(input.shop),
          due: dueKey,
          claims: claimsKey(input.shop),
        },
        {
          fields: JSON.stringify(fields),
          id: experiment.id,
          productId: input.productId,
          cap: MAX_RUNNING_EXPERIMENTS,
          dueMember: member(input.shop, experiment.id),
          dueMs: firstLookMs,
        },
      )) as [string, string?];
      if (status === 'claimed') throw new CampaignClaimError(String(current));
      if (status === 'busy') {
        throw new AppError('conflict', 'product_in_experiment', {
          fields: { productId: { code: 'in_experiment', params: { experiment: String(current) } } },
        });
      }
      if (status === 'at_cap') {
        throw new AppError('conflict', 'experiments_at_cap', {
          params: { max: MAX_RUNNING_EXPERIMENTS },
        });
      }
      return experiment;
    },

    get,

    list: (shop, limit = 100) => records.list(shop, limit),

    async ofProduct(shop, productId) {
      const id = await redis.hget(productsKey(shop), productId);
      return id ? get(shop, id) : null;
    },

    async end(shop, id, end) {
      const now = clock.now();
      const [status, current] = (await END(
        redis,
        { record: recordKey(shop, id), due: dueKey },
        {
          end: JSON.stringify(end),
          now: JSON.stringify(new Date(now).toISOString()),
          dueMember: member(shop, id),
          dueMs: now,
        },
      )) as [string, string?];
      if (status === 'missing') throw new ExperimentNotFoundError();
      if (status === 'stale') throw new ExperimentStateError(current as ExperimentState);
      return (await get(shop, id))!;
    },

    async finish(experiment) {
      const { shop, id, productId } = experiment;
      const finished = await FINISH(
        redis,
        { record: recordKey(shop, id), products: productsKey(shop), due: dueKey },
        {
          id,
          productId,
          keep: JSON.stringify(experiment.end?.keep ?? null),
          now: JSON.stringify(new Date(clock.now()).toISOString()),
          dueMember: member(shop, id),
        },
      );
      return finished !== 'changed';
    },

    async keepWinner(shop, id) {
      const experiment = await get(shop, id);
      if (!experiment) throw new ExperimentNotFoundError();
      const now = clock.now();
      const [status, current] = (await KEEP_WINNER(
        redis,
        {
          record: recordKey(shop, id),
          products: productsKey(shop),
          due: dueKey,
          claims: claimsKey(shop),
        },
        {
          id,
          productId: experiment.productId,
          now: JSON.stringify(new Date(now).toISOString()),
          dueMember: member(shop, id),
          dueMs: now,
        },
      )) as [string, string?];
      if (status === 'missing') throw new ExperimentNotFoundError();
      if (status === 'stale') {
        throw new ExperimentStateError(current as ExperimentState, 'keep');
      }
      if (status === 'no_winner') {
        throw new AppError('conflict', 'experiment_no_winner_waiting');
      }
      if (status === 'claimed') throw new CampaignClaimError(String(current));
      if (status === 'busy') {
        throw new AppError('conflict', 'product_in_other_experiment', {
          fields: { productId: { code: 'product_in_other_experiment' } },
        });
      }
      return (await get(shop, id))!;
    },

    async nextLook(shop, id, atMs) {
      await NEXT_LOOK(
        redis,
        { record: recordKey(shop, id), due: dueKey },
        { dueMember: member(shop, id), atMs },
      );
    },

    async due(nowMs, limit) {
      const members = await redis.zrangebyscore(dueKey, '-inf', String(nowMs), 'LIMIT', 0, limit);
      return members.map((entry) => {
        const [shop, id] = entry.split(' ') as [string, string];
        return { shop, id };
      });
    },

    async decideFeatured({ shop, id, productId }, decision) {
      return (await DECIDE_FEATURED(
        redis,
        { steps: stepsKey(shop, id), claims: claimsKey(shop) },
        { productId, decision },
      )) as FeaturedDecision;
    },

    async flowSent(shop, id) {
      return (await redis.hexists(stepsKey(shop, id), 'flowSent')) === 1;
    },

    async markFlowSent(shop, id) {
      await redis.hset(stepsKey(shop, id), 'flowSent', '1');
    },

    async forgetShop(shop) {
      const ids = await redis.zrangebylex(indexKey(shop), '-', '+');
      if (ids.length > 0) await redis.zrem(dueKey, ...ids.map((id) => member(shop, id)));
    },
  };
}
