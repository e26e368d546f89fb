/**
 * `sweepExpired`, retention's bounded periodic half: the index entries of expired generations
 * are removed here, not on write (an index of a product no one touches again would keep them
 * forever). Takes the shops whose earliest expiry is due from an app-wide set and sweeps each in
 * one script of at most `batch` entries, so a run is bounded however much has expired; the
 * worker that calls it is ../retention-sweeper.ts.
 */
import { TERMINAL_STATES } from '../../../app-api/generation-states.ts';
import { luaScript } from '../../../platform/redis/lua-script.ts';
import { generationKeys } from '../keys.ts';
import type { GenerationStore, GenerationStoreDeps } from './types.ts';

const SWEEP = luaScript(new URL('../lua/sweep-expired.lua', import.meta.url), {
  keys: ['retention', 'retentionShops', 'sweptCounts'],
  args: ['now', 'batch', 'shop', 'indexPrefix', 'terminalStates'],
});

export function sweepExpired({
  redis,
  clock,
  keys,
  retention,
}: Pick<
  GenerationStoreDeps,
  'redis' | 'clock' | 'keys' | 'retention'
>): GenerationStore['sweepExpired'] {
  return async (options = {}) => {
    const batch = options.batch ?? retention.sweepBatch;
    const now = clock.now();
    const shops = await redis.zrangebyscore(
      keys.retentionShops,
      '-inf',
      now,
      'LIMIT',
      0,
      options.shops ?? 100,
    );
    let removed = 0;
    for (const shop of shops) {
      removed += Number(
        await SWEEP(
          redis,
          {
            retention: generationKeys.retention(shop),
            retentionShops: keys.retentionShops,
            sweptCounts: generationKeys.sweptCounts(shop),
          },
          {
            now,
            batch,
            shop,
            indexPrefix: generationKeys.indexPrefix(shop),
            terminalStates: JSON.stringify(TERMINAL_STATES),
          },
        ),
      );
    }
    return removed;
  };
}
