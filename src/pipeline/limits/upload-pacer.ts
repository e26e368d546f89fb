/**
 * Paces calls to ProductAI's upload-asset, which allows one request per second per account
 * (the spec's rate limits; the emulator answers a faster second call with 429): each call
 * reserves the account's next turn in Redis (lua/reserve-upload-turn.lua), shared by every
 * process, and waits until it, once. The interval has a margin over the second because the
 * turn is counted on Redis's clock and the request reaches ProductAI a little later or sooner.
 */
import type { Clock } from '../../platform/clock.ts';
import { appWideKey } from '../../platform/keys.ts';
import type { Redis } from '../../platform/redis/connection.ts';
import { luaScript } from '../../platform/redis/lua-script.ts';

const RESERVE = luaScript(new URL('./lua/reserve-upload-turn.lua', import.meta.url), {
  keys: ['turn'],
  args: ['intervalMs'],
});

/** One second and a margin for the way from Redis to ProductAI (see the header). */
export const UPLOAD_INTERVAL_MS = 1_100;

export interface UploadPacer {
  /** Resolves at the account's turn to upload (at once when it is free). */
  waitTurn(account: string): Promise<void>;
}

export function createUploadPacer(redis: Redis, clock: Clock, intervalMs = UPLOAD_INTERVAL_MS) {
  return {
    async waitTurn(account: string) {
      const waitMs = Number(
        await RESERVE(redis, { turn: appWideKey('upload-turn', account) }, { intervalMs }),
      );
      if (waitMs > 0) await clock.sleep(waitMs);
    },
  } satisfies UploadPacer;
}
