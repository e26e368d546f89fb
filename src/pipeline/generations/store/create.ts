/**
 * `create`, `createOnce` and `prepare`: a new generation is `queued`, stored, indexed and counted
 * in one atomic step (a MULTI, or with a claim, one script), so no reader ever sees it half made.
 * `prepare` hands the commands to a caller that runs them inside its own atomic step (the line's
 * create-in-line script).
 *
 * `createOnce` within the shop's cap of generations not yet final (automatic work: rules, Flow,
 * a changed result's next try) checks the cap in the same script as the claim. Past it, nothing
 * is made; or, given a refusal, the generations are stored already `failed` with it, claim and
 * all, so the refusal is what the claim made: a repeat gets the refused ones back and never makes
 * them after all, and nothing refused ever counts against the cap, not even for a moment.
 */
import { TERMINAL_STATES } from '../../../app-api/generation-states.ts';
import type { Generation, NewGeneration } from '../generation.ts';
import type { ToldWhy } from '../reason.ts';
import { newGenerationId } from '../ids.ts';
import { generationKeys } from '../keys.ts';
import { luaScript } from '../../../platform/redis/lua-script.ts';
import { FIELDS } from './record.ts';
import type { GenerationStore, GenerationStoreDeps } from './types.ts';

const CREATE_ONCE = luaScript(new URL('../lua/create-once.lua', import.meta.url), {
  keys: ['claim'],
  args: ['ids', 'ttlMs', 'writes', 'cap', 'refusedWrites'],
  rest: 'pendingIndexes',
});

type CreateDeps = Pick<GenerationStoreDeps, 'redis' | 'clock' | 'keys'>;
type CreateOnceDeps = CreateDeps & Pick<GenerationStoreDeps, 'retention' | 'outbox'>;

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

export function createOnce(deps: CreateOnceDeps): GenerationStore['createOnce'] {
  const { redis, clock, keys } = deps;
  return async (inputs, once, within) => {
    const now = clock.now();
    const generations = inputs.map((input) => newGeneration(input, now));
    const ids = generations.map(({ id }) => id);
    const refusal = within?.refused;
    const [outcome, value] = (await CREATE_ONCE(
      redis,
      { claim: once.key },
      {
        ids: JSON.stringify(ids),
        ttlMs: once.ttlMs,
        writes: JSON.stringify(generations.flatMap((generation) => storeWrites(generation, keys))),
        cap: within?.cap ?? 0,
        refusedWrites: refusal
          ? JSON.stringify(
              generations.flatMap((generation) =>
                storeWrites(refused(generation, refusal, now), keys, deps),
              ),
            )
          : '',
        pendingIndexes: within ? generationKeys.pendingIndexes(inputs[0]!.shop) : [],
      },
    )) as [string, string | number];
    if (outcome === 'existing') {
      return { created: false, ids: JSON.parse(value as string) as string[], overCap: null };
    }
    if (outcome === 'over_cap') {
      return { created: false, ids: [], overCap: { pending: Number(value), refused: false } };
    }
    const overCap = outcome === 'refused' ? { pending: Number(value), refused: true } : null;
    return { created: true, ids, overCap };
  };
}

/** The generation as the cap's refusal stores it: `failed` from the start, with the reason. */
function refused(
  generation: Generation,
  refusal: ToldWhy & { note: string },
  now: number,
): Generation {
  const at = new Date(now).toISOString();
  return {
    ...generation,
    state: 'failed',
    reason: refusal.reason,
    action: refusal.action,
    reasonText: refusal.reasonText,
    actionText: refusal.actionText,
    transitions: [...generation.transitions, { state: 'failed', at, note: refusal.note }],
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
    reasonText: null,
    actionText: null,
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
    altBackdrop: null,
    fileUrl: null,
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

/**
 * The commands that store a new generation, index it and count it in its state (`queued`, or
 * `failed` for one refused at its creation: then also what transition.lua does for a generation
 * that ends, lua/includes/generation-counters.lua: its retention and the transition outbox).
 */
function storeWrites(
  generation: Generation,
  keys: CreateDeps['keys'],
  ended?: Pick<GenerationStoreDeps, 'retention' | 'outbox'>,
): string[][] {
  const { shop, id, state } = generation;
  const writes = [
    [
      'hset',
      generationKeys.record(shop, id),
      ...FIELDS.flatMap((field) => [field, JSON.stringify(generation[field])]),
    ],
    [
      'rpush',
      generationKeys.transitions(shop, id),
      ...generation.transitions.map((entry) => JSON.stringify(entry)),
    ],
    ['zadd', generationKeys.all(shop), '0', id],
    ['zadd', generationKeys.byState(shop, state), '0', id],
    ['zadd', generationKeys.byProduct(shop, generation.productId), '0', id],
    ['hincrby', generationKeys.stateCounts(shop), state, '1'],
    ['hincrby', keys.generationStates, state, '1'],
  ];
  if (generation.bulkRunId) {
    const runId = generation.bulkRunId;
    writes.push(
      ['zadd', generationKeys.byBulkRun(shop, runId), '0', id],
      ['zadd', generationKeys.byBulkRunState(shop, runId, state), '0', id],
      ['hincrby', generationKeys.bulkCountsPrefix(shop) + runId, state, '1'],
    );
  }
  if (generation.optionGroup) {
    writes.push(['zadd', generationKeys.byCandidateGroup(shop, generation.optionGroup), '0', id]);
  }
  if (ended && TERMINAL_STATES.includes(state)) writes.push(...endWrites(generation, keys, ended));
  return writes;
}

/** A generation stored ended: its retention (as `retain` in generation-counters.lua) and outbox. */
function endWrites(
  generation: Generation,
  keys: CreateDeps['keys'],
  { retention, outbox }: Pick<GenerationStoreDeps, 'retention' | 'outbox'>,
): string[][] {
  const { shop, id, state } = generation;
  const at = Date.parse(generation.updatedAt);
  const expireAt = String(at + retention.generationMs);
  const member = [
    id,
    generation.productId,
    generation.bulkRunId ?? '',
    generation.optionGroup ?? '',
  ].join('\n');
  const writes = [
    ['pexpireat', generationKeys.record(shop, id), expireAt],
    ['pexpireat', generationKeys.transitions(shop, id), expireAt],
    ['zadd', generationKeys.retention(shop), expireAt, member],
    ['zadd', keys.retentionShops, 'LT', expireAt, shop],
  ];
  if (outbox?.states.includes(state)) {
    writes.push(['zadd', outbox.key, 'NX', String(at), `${shop}\n${id}\n${state}`]);
  }
  return writes;
}
