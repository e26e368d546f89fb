/**
 * `transition`, THE way a generation changes state: transition.lua checks the current state
 * against the caller's `from` list and, in the same atomic step, writes the new state, the patch,
 * the history entry, the indexes and the counters, and answers the updated record. Of callers
 * racing for one generation exactly one wins; the others get a StaleTransitionError.
 */
import { luaScript } from '../../../platform/redis/lua-script.ts';
import {
  ALLOWED_TRANSITIONS,
  StaleTransitionError,
  type GenerationState,
  type TransitionRecord,
} from '../generation.ts';
import { generationKeys } from '../keys.ts';
import { countersContext } from './counters-context.ts';
import { decodeReadBack, encodePatch } from './record.ts';
import type { GenerationStore, GenerationStoreDeps } from './types.ts';

const TRANSITION = luaScript(new URL('../lua/transition.lua', import.meta.url), {
  keys: ['record', 'transitions'],
  optionalKeys: ['alsoSet'],
  args: [
    'indexPrefix',
    'bulkCountsPrefix',
    'id',
    'from',
    'to',
    'updatedAt',
    'historyEntry',
    'alsoSetValue',
    'ctx',
  ],
  rest: 'patch',
});

export function transition(deps: GenerationStoreDeps): GenerationStore['transition'] {
  return async (shop, id, request) => {
    const { from, to } = request;
    // A move the state machine lacks is a bug in the caller, not a race: refused before Redis.
    for (const state of from) {
      if (!ALLOWED_TRANSITIONS[state].includes(to)) {
        throw new Error(`The state machine has no transition ${state} -> ${to}`);
      }
    }
    const now = deps.clock.now();
    const at = new Date(now).toISOString();
    const entry: TransitionRecord = request.note
      ? { state: to, at, note: request.note }
      : { state: to, at };
    const reply = (await TRANSITION(
      deps.redis,
      {
        record: generationKeys.record(shop, id),
        transitions: generationKeys.transitions(shop, id),
        alsoSet: request.alsoSet?.key,
      },
      {
        indexPrefix: generationKeys.indexPrefix(shop),
        bulkCountsPrefix: generationKeys.bulkCountsPrefix(shop),
        id,
        from: JSON.stringify(from),
        to: JSON.stringify(to),
        updatedAt: JSON.stringify(at),
        historyEntry: JSON.stringify(entry),
        alsoSetValue: request.alsoSet?.value ?? '',
        ctx: countersContext(deps, shop, to, now),
        patch: encodePatch(
          typeof request.patch === 'function' ? request.patch(at) : (request.patch ?? {}),
        ),
      },
    )) as string[];
    if (reply[0] === 'stale') {
      throw new StaleTransitionError(id, reply[1] as GenerationState, from, to);
    }
    return decodeReadBack(reply);
  };
}
