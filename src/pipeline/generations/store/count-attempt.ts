/**
 * `countAttempt`: one more start of a stage, counted in the generation's hash by a script that
 * leaves an erased generation without a stray key.
 */
import { luaScript } from '../../../platform/redis/lua-script.ts';
import { generationKeys } from '../keys.ts';
import { ATTEMPT_FIELD } from './record.ts';
import type { GenerationStore, GenerationStoreDeps } from './types.ts';

const COUNT_ATTEMPT = luaScript(new URL('../lua/count-attempt.lua', import.meta.url), {
  keys: ['record'],
  args: ['field'],
});

export function countAttempt({
  redis,
}: Pick<GenerationStoreDeps, 'redis'>): GenerationStore['countAttempt'] {
  return async (shop, id, stage) =>
    Number(
      await COUNT_ATTEMPT(
        redis,
        { record: generationKeys.record(shop, id) },
        { field: ATTEMPT_FIELD + stage },
      ),
    );
}
