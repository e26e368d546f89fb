/**
 * The generation store's counters (generations by state, credits by quarter hour and model) and its
 * retention: counters equal a full recount of the records whatever the mix of outcomes, and
 * survive the expiry of the records they came from.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createManualClock } from '../../../src/platform/clock.ts';
import { closeRedis, connectRedis, type Redis } from '../../../src/platform/redis/connection.ts';
import { pipelineConfig } from '../../../src/pipeline/config.ts';
import {
  createGenerationStore,
  type GenerationStore,
  type StateCounts,
} from '../../../src/pipeline/generations/generation-store.ts';
import type {
  Generation,
  GenerationState,
  NewGeneration,
} from '../../../src/pipeline/generations/generation.ts';
import { appWideKeys, generationKeys } from '../../../src/pipeline/generations/keys.ts';
import { recountEveryShop } from '../../../src/pipeline/generations/recount-states.ts';
import { startRetentionSweeper } from '../../../src/pipeline/generations/retention-sweeper.ts';
import { createLogger } from '../../../src/platform/logger.ts';
import { testRedisUrl, uniqueShop } from '../../support/redis.ts';
import { photoRequest, uniqueNamespace } from '../../support/generations.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const RETENTION_MS = 90 * DAY_MS;
// Stands still at the real time (record TTLs are Redis's real time) until a test advances it.
const clock = createManualClock();
let redis: Redis;
let store: GenerationStore;
const keys = appWideKeys(uniqueNamespace('counters'));

beforeAll(async () => {
  redis = await connectRedis(testRedisUrl());
  store = createGenerationStore({
    redis,
    clock,
    keys,
    retention: { ...pipelineConfig().retention, generationMs: RETENTION_MS },
  });
});
afterAll(() => closeRedis(redis));

type Step = { to: GenerationState; patch?: Parameters<GenerationStore['patch']>[2] };
const charge = (credits: number, day: string): Step[] => [
  { to: 'submitting', patch: { submittedAt: `${day}T09:00:00.000Z` } },
  { to: 'processing', patch: { chargedCredits: credits, productAiJobId: 1 } },
];

/** Every path through the state machine that the pipeline and the merchant take. */
function scriptedOutcomes(): Array<{ request: Partial<NewGeneration>; steps: Step[] }> {
  const photo = (model: string) => ({ params: { model, prompt: 'Studio' } });
  return [
    { request: photo('nanobanana'), steps: [{ to: 'cancelled' }] },
    { request: photo('nanobanana2'), steps: [{ to: 'submitting' }, { to: 'failed' }] },
    {
      request: photo('nanobanana2'),
      steps: [...charge(5, '2026-02-27'), { to: 'saving' }, { to: 'published' }],
    },
    { request: photo('kontext-pro'), steps: [...charge(2, '2026-02-28'), { to: 'failed' }] },
    {
      request: { kind: 'upscale', params: {} },
      steps: [
        { to: 'submitting', patch: { submittedAt: '2026-02-28T23:59:59.000Z' } },
        { to: 'uncertain' },
        { to: 'processing', patch: { chargedCredits: 20, productAiJobId: 2 } }, // job adopted
        { to: 'saving' },
        { to: 'in_review' },
        { to: 'discarded' },
      ],
    },
    {
      request: photo('nanobanana'),
      steps: [
        { to: 'submitting', patch: { submittedAt: '2026-02-27T10:00:00.000Z' } },
        { to: 'uncertain' },
        { to: 'queued' }, // never accepted by ProductAI: back in line, nothing was charged
        ...charge(3, '2026-03-01'),
        { to: 'saving' },
        { to: 'published' },
        { to: 'discarded' }, // undo does not refund
      ],
    },
    {
      request: photo('nanobanana2'),
      steps: [{ to: 'submitting' }, { to: 'queued' }, ...charge(5, '2026-03-01')], // a 429 first
    },
    { request: photo('nanobanana2'), steps: [{ to: 'paused' }, { to: 'queued' }] },
    { request: { kind: 'video', params: { model: 'seedance' } }, steps: charge(35, '2026-03-01') },
    // Not charged at submission (no submittedAt yet): counted on the day it was created.
    { request: photo('gpt-2'), steps: [{ to: 'submitting' }, { to: 'uncertain' }] },
  ];
}

async function runScript(shop: string): Promise<void> {
  for (const { request, steps } of scriptedOutcomes()) {
    let generation = await store.create(photoRequest(shop, request));
    for (const step of steps) {
      generation = await store.transition(shop, generation.id, {
        from: [generation.state],
        to: step.to,
        patch: step.patch,
      });
    }
  }
}

async function everyGeneration(shop: string): Promise<Generation[]> {
  const all: Generation[] = [];
  for (let cursor: string | null = null; ;) {
    const page = await store.list(shop, {}, { cursor, limit: 200 });
    all.push(...page.generations);
    if (!page.nextCursor) return all;
    cursor = page.nextCursor;
  }
}

/** The figures as the Overview computed them before counters: a full re-read of the records. */
function recount(generations: Generation[]) {
  const credits = new Map<string, Map<string, number>>();
  const states: Partial<StateCounts> = {};
  for (const generation of generations) {
    states[generation.state] = (states[generation.state] ?? 0) + 1;
    const charged = generation.chargedCredits ?? 0;
    if (charged === 0) continue;
    const day = (generation.submittedAt ?? generation.createdAt).slice(0, 10);
    const model = generation.kind === 'upscale' ? 'upscale' : (generation.params.model ?? '');
    const models = credits.get(day) ?? new Map<string, number>();
    models.set(model, (models.get(model) ?? 0) + charged);
    credits.set(day, models);
  }
  return { credits, states };
}

/** The store's quarter hours added into UTC days, as the recount counts them. */
async function creditsByUtcDay(shop: string, days: readonly string[]) {
  const credits = new Map<string, Map<string, number>>();
  for (const slot of await store.creditsBySlot(shop, days)) {
    const day = new Date(slot.at).toISOString().slice(0, 10);
    const models = credits.get(day) ?? new Map<string, number>();
    models.set(slot.model, (models.get(slot.model) ?? 0) + slot.credits);
    credits.set(day, models);
  }
  return credits;
}

const nonZero = (counts: StateCounts) =>
  Object.fromEntries(Object.entries(counts).filter(([, count]) => count !== 0));

const MARCH_DAYS = ['2026-02-26', '2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02'];

describe('generation counters', () => {
  it('equal a full recount of the records across a scripted mix of outcomes', async () => {
    const shop = uniqueShop();
    await runScript(shop);
    const expected = recount(await everyGeneration(shop));

    expect(await creditsByUtcDay(shop, MARCH_DAYS)).toEqual(expected.credits);
    expect(nonZero(await store.countByState(shop))).toEqual(expected.states);
    // The script charges 70 credits in all: 5 + 2 + 20 + 3 + 5 + 35.
    const total = [...expected.credits.values()].flatMap((models) => [...models.values()]);
    expect(total.reduce((sum, credits) => sum + credits, 0)).toBe(70);
  });

  it('take a refund back from the day and model it was charged to', async () => {
    const shop = uniqueShop();
    const generation = await store.create(photoRequest(shop));
    for (const step of charge(5, '2026-03-01')) {
      await store.transition(shop, generation.id, {
        from: step.to === 'submitting' ? ['queued'] : ['submitting'],
        ...step,
      });
    }
    await store.patch(shop, generation.id, { chargedCredits: 0 });
    expect(await creditsByUtcDay(shop, ['2026-03-01'])).toEqual(new Map());
  });

  it('count credits in the quarter hour they were charged, older day counters at noon', async () => {
    const shop = uniqueShop();
    const generation = await store.create(photoRequest(shop));
    await store.transition(shop, generation.id, {
      from: ['queued'],
      to: 'submitting',
      patch: { submittedAt: '2026-03-01T18:44:59.000Z' },
    });
    await store.patch(shop, generation.id, { chargedCredits: 4 });
    // A counter from before the quarter hours: the UTC day's model field.
    await redis.hset(`${generationKeys.creditsDayPrefix(shop)}2026-03-02`, 'nanobanana', '2');
    expect(await store.creditsBySlot(shop, ['2026-03-01', '2026-03-02'])).toEqual([
      { at: Date.parse('2026-03-01T18:30:00Z'), model: 'nanobanana2', credits: 4 },
      { at: Date.parse('2026-03-02T12:00:00Z'), model: 'nanobanana', credits: 2 },
    ]);
  });

  it('count every shop’s generations by state, app-wide', async () => {
    const before = await store.countByStateAppWide();
    await runScript(uniqueShop());
    await runScript(uniqueShop());
    const after = await store.countByStateAppWide();
    const finalStates = scriptedOutcomes().map(({ steps }) => steps.at(-1)?.to ?? 'queued');
    for (const state of Object.keys(after) as GenerationState[]) {
      const perScript = finalStates.filter((final) => final === state).length;
      expect(after[state] - before[state]).toBe(2 * perScript);
    }
  });
});

/**
 * Makes the shop's generations look as if they were created before the counters existed: its
 * counts are gone, and the app-wide ones lose them too (they never had them).
 */
async function forgetCountsAsBeforeTheUpgrade(shop: string): Promise<void> {
  const counts = await redis.hgetall(generationKeys.stateCounts(shop));
  for (const [state, count] of Object.entries(counts)) {
    await redis.hincrby(keys.generationStates, state, -Number(count));
  }
  await redis.del(generationKeys.stateCounts(shop));
}

describe('generation counters for generations created before them', () => {
  it('never drive a count below zero when such a generation moves on', async () => {
    const shop = uniqueShop();
    const { id } = await store.create(photoRequest(shop));
    await forgetCountsAsBeforeTheUpgrade(shop);
    const appWideBefore = await store.countByStateAppWide();

    await store.transition(shop, id, { from: ['queued'], to: 'cancelled' });
    expect(nonZero(await store.countByState(shop))).toEqual({ cancelled: 1 });
    const appWide = await store.countByStateAppWide();
    expect(appWide).toEqual({ ...appWideBefore, cancelled: appWideBefore.cancelled + 1 });
  });

  it('are recounted from the records, shop and app-wide, and a second recount changes nothing', async () => {
    const shop = uniqueShop();
    await runScript(shop);
    const expected = nonZero(await store.countByState(shop));
    const appWideExpected = await store.countByStateAppWide();
    await forgetCountsAsBeforeTheUpgrade(shop);
    // One of them moves on before the recount (its old state is not counted).
    const { id } = await store.create(photoRequest(shop));
    await redis.hincrby(generationKeys.stateCounts(shop), 'queued', -1);
    await redis.hincrby(keys.generationStates, 'queued', -1);
    await store.transition(shop, id, { from: ['queued'], to: 'cancelled' });

    const first = await recountEveryShop({ redis, generations: store });
    expect(first.statesChanged).toBeGreaterThan(0);
    const withTheNewOne = { ...expected, cancelled: (expected.cancelled ?? 0) + 1 };
    expect(nonZero(await store.countByState(shop))).toEqual(withTheNewOne);
    expect(await store.countByStateAppWide()).toEqual({
      ...appWideExpected,
      cancelled: appWideExpected.cancelled + 1,
    });

    expect((await recountEveryShop({ redis, generations: store })).statesChanged).toBe(0);
    expect(nonZero(await store.countByState(shop))).toEqual(withTheNewOne);
  });
});

describe('an erased shop', () => {
  it('leaves the app-wide counts once, however often it is forgotten', async () => {
    const shop = uniqueShop();
    const before = await store.countByStateAppWide();
    await runScript(shop);
    await store.forgetShop(shop);
    expect(await store.countByStateAppWide()).toEqual(before);
    await store.forgetShop(shop);
    expect(await store.countByStateAppWide()).toEqual(before);
    expect(await redis.exists(generationKeys.stateCounts(shop))).toBe(0);
  });
});

describe('generation retention', () => {
  it('gives a finished generation’s record and history a TTL of the retention period', async () => {
    const shop = uniqueShop();
    const { id } = await store.create(photoRequest(shop));
    expect(await redis.pttl(generationKeys.record(shop, id))).toBe(-1); // unfinished: kept
    await store.transition(shop, id, { from: ['queued'], to: 'cancelled' });
    for (const key of [generationKeys.record(shop, id), generationKeys.transitions(shop, id)]) {
      const ttl = await redis.pttl(key);
      expect(ttl).toBeGreaterThan(RETENTION_MS - DAY_MS);
      expect(ttl).toBeLessThanOrEqual(RETENTION_MS);
    }
  });

  it('sweeps expired generations out of every index, keeping the counters and bulk totals', async () => {
    const shop = uniqueShop();
    const bulkRunId = 'run-1';
    const finished = await store.create(photoRequest(shop, { bulkRunId }));
    let generation = finished;
    for (const step of [...charge(5, '2026-03-01'), { to: 'failed' as const }]) {
      generation = await store.transition(shop, finished.id, { from: [generation.state], ...step });
    }
    const running = await store.create(photoRequest(shop, { bulkRunId }));
    const counts = await store.countByState(shop);
    const bulkCounts = await store.countByState(shop, { bulkRunId });

    expect(await store.sweepExpired()).toBe(0); // nothing is due yet
    clock.advance(RETENTION_MS + 1);
    await store.sweepExpired();

    const indexes = [
      generationKeys.all(shop),
      generationKeys.byState(shop, 'failed'),
      generationKeys.byProduct(shop, finished.productId),
      generationKeys.byBulkRun(shop, bulkRunId),
    ];
    for (const index of indexes) expect(await redis.zscore(index, finished.id)).toBeNull();
    expect((await store.list(shop)).generations.map((g) => g.id)).toEqual([running.id]);
    expect(await redis.zcard(generationKeys.retention(shop))).toBe(0);
    expect(await store.countByState(shop)).toEqual(counts);
    expect(await store.countByState(shop, { bulkRunId })).toEqual(bulkCounts);
    expect(await creditsByUtcDay(shop, ['2026-03-01'])).toEqual(
      new Map([['2026-03-01', new Map([['nanobanana2', 5]])]]),
    );
  });

  it('removes at most a batch per shop and run, and comes back for the rest', async () => {
    const shop = uniqueShop();
    await createCancelled(shop, 5);
    clock.advance(RETENTION_MS + 1);
    const removed: number[] = [];
    for (let run = 0; run < 3; run++) removed.push(await sweepShop(shop, 2));
    expect(removed).toEqual([2, 2, 1]);
    expect(await redis.zcard(generationKeys.all(shop))).toBe(0);
  });

  it('keeps what it removed counted through a recount', async () => {
    const shop = uniqueShop();
    await createCancelled(shop, 1);
    await store.create(photoRequest(shop));
    clock.advance(RETENTION_MS + 1);
    await sweepShop(shop, 10);
    expect(await redis.zcard(generationKeys.byState(shop, 'cancelled'))).toBe(0);

    expect(await store.recountStates(shop)).toBe(0);
    expect(nonZero(await store.countByState(shop))).toEqual({ cancelled: 1, queued: 1 });
  });
});

describe('the retention sweeper', () => {
  it('sweeps again every interval until a shop is done, through a failed run, and stops', async () => {
    const shop = uniqueShop();
    await createCancelled(shop, 3);
    clock.advance(RETENTION_MS + 1);
    let runs = 0;
    let done!: () => void;
    const swept = new Promise<void>((resolve) => (done = resolve));
    const sweeper = startRetentionSweeper({
      generations: {
        async sweepExpired(options) {
          runs += 1;
          if (runs === 1) throw new Error('Redis hiccup');
          const removed = await store.sweepExpired(options);
          if ((await redis.zcard(generationKeys.retention(shop))) === 0) done();
          return removed;
        },
      },
      // One entry per shop and run: the shop's three take three runs after the failed one.
      config: { ...pipelineConfig().retention, sweepEveryMs: 10, sweepBatch: 1 },
      clock,
      logger: createLogger({ level: 'silent' }),
    });
    await swept;
    await sweeper.stop();
    expect(runs).toBe(4);
    expect(await redis.zcard(generationKeys.all(shop))).toBe(0);
  });
});

async function createCancelled(shop: string, count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    const { id } = await store.create(photoRequest(shop));
    await store.transition(shop, id, { from: ['queued'], to: 'cancelled' });
  }
}

/** Sweeps until this shop's batch is done (other test shops may be due as well). */
async function sweepShop(shop: string, batch: number): Promise<number> {
  const before = await redis.zcard(generationKeys.retention(shop));
  await store.sweepExpired({ batch, shops: 10_000 });
  return before - (await redis.zcard(generationKeys.retention(shop)));
}
