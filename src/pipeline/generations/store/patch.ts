/**
 * `patch`: writes fields other than the state; given a note, adds it to the note of the latest
 * history entry (no entry of its own: the history lists moves). A script rather than an HSET, so
 * that a change of `chargedCredits` moves the credit counters in the same atomic step, the note
 * is written with the fields it explains, and the updated record comes back in the same round
 * trip.
 */
import { luaScript } from '../../../platform/redis/lua-script.ts';
import { generationKeys } from '../keys.ts';
import { countersContext } from './counters-context.ts';
import { decodeReadBack, encodePatch } from './record.ts';
import type { GenerationStore, GenerationStoreDeps } from './types.ts';

const PATCH = luaScript(new URL('../lua/patch.lua', import.meta.url), {
  keys: ['record', 'transitions'],
  args: ['ctx', 'note'],
  rest: 'patch',
});

export function patch(deps: GenerationStoreDeps): GenerationStore['patch'] {
  return async (shop, id, fields, options = {}) => {
    const now = deps.clock.now();
    const at = new Date(now).toISOString();
    const reply = await PATCH(
      deps.redis,
      {
        record: generationKeys.record(shop, id),
        transitions: generationKeys.transitions(shop, id),
      },
      {
        ctx: countersContext(deps, shop, undefined, now),
        note: options.note ?? '',
        patch: [...encodePatch(fields), 'updatedAt', JSON.stringify(at)],
      },
    );
    return decodeReadBack(reply);
  };
}
