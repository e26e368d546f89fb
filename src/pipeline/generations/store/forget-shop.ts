/**
 * `forgetShop`: an erased shop leaves the app-wide state (its part of the app-wide counts, its
 * entries among the shops to sweep and to expire) in one script, so an erase retried after a crash subtracts
 * its counts once.
 */
import { luaScript } from '../../../platform/redis/lua-script.ts';
import { generationKeys } from '../keys.ts';
import type { GenerationStore, GenerationStoreDeps } from './types.ts';

const FORGET_SHOP = luaScript(new URL('../lua/forget-shop.lua', import.meta.url), {
  keys: ['stateCounts', 'appStateCounts', 'retentionShops', 'expiryShops'],
  args: ['shop'],
});

export function forgetShop({
  redis,
  keys,
}: Pick<GenerationStoreDeps, 'redis' | 'keys'>): GenerationStore['forgetShop'] {
  return async (shop) => {
    await FORGET_SHOP(
      redis,
      {
        stateCounts: generationKeys.stateCounts(shop),
        appStateCounts: keys.generationStates,
        retentionShops: keys.retentionShops,
        expiryShops: keys.expiryShops,
      },
      { shop },
    );
  };
}
