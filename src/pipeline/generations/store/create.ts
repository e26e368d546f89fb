/**
 * `create`, `createOnce` and `prepare`: a new generation is `queued`, stored, indexed and counted
 * in one atomic step (a MULTI, or with a claim, one script), so no reader ever sees it half made.
 * `prepare` hands the commands to a caller that runs them inside its own atomic step (the line's
 * create-in-line script).
 */
import type { Generation, NewGeneration } from '../generation.ts';
import { newGenerationId } from '../ids.ts';
import { generationKeys } from '../keys.ts';
import { luaScript } from '../../../platform/redis/lua-script.ts';
import { FIELDS } from './record.ts';
import type { GenerationStore, GenerationStoreDeps } from './types.ts';

const CREATE_ONCE = luaScript(new URL('../lua/create-once.lua', import.meta.url), {
  keys: ['claim'],
  args: ['ids', 'ttlMs', 'writes'],
});

type CreateDeps = Pick<GenerationStoreDeps, 'redis' | 'clock' | 'keys'>;

export function create({ redis, clock, keys }: CreateDeps): GenerationStore['create'] {
  return async (input) => {
    const generation = newGeneration(input, clock.now());
    await redis.multi(storeWrites(generation, keys)).exec();
    return generation;
  };
}

export function prepare({ clock, keys }: CreateDeps): GenerationStore['prepare'] {
  return (input) => {
    const generation = newGeneration(input, clock.now());
    return { generation, writes: storeWrites(generation, keys) };
  };
}

export function createOnce({ redis, clock, keys }: CreateDeps): GenerationStore['createOnce'] {
  return async (inputs, once) => {
    const now = clock.now();
    const generations = inputs.map((input) => newGeneration(input, now));
    const ids = generations.map(({ id }) => id);
    const existing = (await CREATE_ONCE(
      redis,
      { claim: once.key },
      {
        ids: JSON.stringify(ids),
        ttlMs: once.ttlMs,
        writes: JSON.stringify(generations.flatMap((generation) => storeWrites(generation, keys))),
      },
    )) as string | null;
    if (existing !== null) return { created: false, ids: JSON.parse(existing) as string[] };
    return { created: true, ids };
  };
}

function newGeneration(input: NewGeneration, now: number): Generation {
  const at = new Date(now).toISOString();
  return {
    id: newGenerationId(now),
    shop: input.shop,
    kind: input.kind,
    state: 'queued',
    reason: null,
    action: null,
    pausedBy: null,
    productId: input.productId,
    productTitle: input.productTitle,
    productImageUrl: input.productImageUrl,
    sourceMediaIds: input.sourceMediaIds,
    sourceImageUrls: input.sourceImageUrls,
    params: input.params,
    estimatedCredits: input.estimatedCredits,
    chargedCredits: null,
    bulkRunId: input.bulkRunId ?? null,
    priority: input.priority,
    retryOf: input.retryOf ?? null,
    optionGroup: input.optionGroup ?? null,
    origin: input.origin ?? null,
    productAiJobId: input.productAiJobId ?? null,
    resultUrl: null,
    fileId: null,
    mediaId: null,
    previousFeaturedMediaId: null,
    fidelity: null,
    channels: null,
    provenanceKept: null,
    variant: input.variant ?? null,
    style: null,
    submittedAt: null,
    productAiAccount: input.productAiAccount ?? null,
    tries: input.tries ?? null,
    retriedBy: null,
    waitingFor: null,
    productAiUnreachableMs: 0,
    transitions: [{ state: 'queued', at }],
    // Starts empty: its counters are created by countAttempt.
    attempts: {},
    createdAt: at,
    updatedAt: at,
  };
}

/** The commands that store a new generation, index it and count it in `queued`. */
function storeWrites(generation: Generation, keys: CreateDeps['keys']): string[][] {
  const { shop, id } = generation;
  const writes = [
    [
      'hset',
      generationKeys.record(shop, id),
      ...FIELDS.flatMap((field) => [field, JSON.stringify(generation[field])]),
    ],
    ['rpush', generationKeys.transitions(shop, id), JSON.stringify(generation.transitions[0])],
    ['zadd', generationKeys.all(shop), '0', id],
    ['zadd', generationKeys.byState(shop, 'queued'), '0', id],
    ['zadd', generationKeys.byProduct(shop, generation.productId), '0', id],
    ['hincrby', generationKeys.stateCounts(shop), 'queued', '1'],
    ['hincrby', keys.generationStates, 'queued', '1'],
  ];
  if (generation.bulkRunId) {
    const runId = generation.bulkRunId;
    writes.push(
      ['zadd', generationKeys.byBulkRun(shop, runId), '0', id],
      ['zadd', generationKeys.byBulkRunState(shop, runId, 'queued'), '0', id],
      ['hincrby', generationKeys.bulkCountsPrefix(shop) + runId, 'queued', '1'],
    );
  }
  if (generation.optionGroup) {
    writes.push(['zadd', generationKeys.byOptionGroup(shop, generation.optionGroup), '0', id]);
  }
  return writes;
}
