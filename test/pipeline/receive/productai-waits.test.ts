/**
 * The ProductAI waits' scopes (src/pipeline/receive/productai-waits.ts), on the suite's Redis:
 * which wait a first read joins (ProductAI's own, or its account's rate limit), a wait moved to
 * another scope leaving nothing behind in the old one, and a shop's erasure (shop/redact) taking
 * its waits out of the set, the scopes and the index alike, other shops' kept.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { closeRedis, connectRedis, type Redis } from '../../../src/platform/redis/connection.ts';
import { appWideKeys } from '../../../src/pipeline/generations/keys.ts';
import {
  createProductAiWaits,
  UNREACHABLE,
  type ProductAiWaits,
} from '../../../src/pipeline/receive/productai-waits.ts';
import { uniqueNamespace } from '../../support/generations.ts';
import { testRedisUrl, uniqueShop } from '../../support/redis.ts';

let redis: Redis;
beforeAll(async () => {
  redis = await connectRedis(testRedisUrl());
});
afterAll(() => closeRedis(redis));

function fresh() {
  const keys = appWideKeys(uniqueNamespace()).productAiWaits;
  return { keys, waits: createProductAiWaits(redis, keys) };
}

/** Every entry of the three keys, to see that nothing is left behind. */
async function stored(keys: ReturnType<typeof fresh>['keys']) {
  return {
    waits: await redis.zrange(keys.waits, '0', '-1'),
    scopes: await redis.zrange(keys.scopes, '0', '-1'),
    scopeOf: await redis.hgetall(keys.scopeOf),
  };
}

const ref = (shop: string, generationId: string) => ({ shop, generationId });

async function joins(waits: ProductAiWaits) {
  return [await waits.joinable('account-a'), await waits.joinable('account-b')];
}

it('joins an account’s rate limit only from that account, and ProductAI’s outage from any', async () => {
  const { keys, waits } = fresh();
  const shop = uniqueShop('waits');
  expect(await joins(waits)).toEqual([null, null]);

  await waits.add({ ...ref(shop, 'g1'), scope: 'account-a' }, 1000);
  expect(await joins(waits)).toEqual(['account-a', null]);
  // An account whose name starts with another's is not it.
  expect(await waits.joinable('account-')).toBeNull();

  // Its next read found ProductAI unreachable: the wait moves, the account's is gone.
  await waits.add({ ...ref(shop, 'g1'), scope: UNREACHABLE }, 2000);
  expect(await joins(waits)).toEqual([UNREACHABLE, UNREACHABLE]);
  expect(await stored(keys)).toEqual({
    waits: [`${shop} g1`],
    scopes: [`* ${shop} g1`],
    scopeOf: { [`${shop} g1`]: UNREACHABLE },
  });

  await waits.remove(ref(shop, 'g1'));
  expect(await joins(waits)).toEqual([null, null]);
  expect(await stored(keys)).toEqual({ waits: [], scopes: [], scopeOf: {} });
});

it('takes waits with their scopes, first due first, leaving nothing behind', async () => {
  const { keys, waits } = fresh();
  const shop = uniqueShop('waits');
  await waits.add({ ...ref(shop, 'late'), scope: UNREACHABLE }, 2000);
  await waits.add({ ...ref(shop, 'early'), scope: 'account-a' }, 1000);
  // A wait written before waits had scopes: taken as ProductAI's.
  await redis.zadd(keys.waits, 3000, `${shop} old`);

  expect(await waits.take(10)).toEqual([
    { ...ref(shop, 'early'), scope: 'account-a' },
    { ...ref(shop, 'late'), scope: UNREACHABLE },
    { ...ref(shop, 'old'), scope: UNREACHABLE },
  ]);
  expect(await stored(keys)).toEqual({ waits: [], scopes: [], scopeOf: {} });
});

it('erases a shop’s waits from the set, the scopes and the index, and keeps other shops’', async () => {
  const { keys, waits } = fresh();
  const [erased, kept] = [uniqueShop('erased'), uniqueShop('kept')];
  await waits.add({ ...ref(erased, 'g1'), scope: 'account-a' }, 1000);
  await waits.add({ ...ref(erased, 'g2'), scope: UNREACHABLE }, 1000);
  await waits.add({ ...ref(kept, 'g3'), scope: 'account-b' }, 1000);

  await waits.removeShop(erased);

  expect(await stored(keys)).toEqual({
    waits: [`${kept} g3`],
    scopes: [`account-b ${kept} g3`],
    scopeOf: { [`${kept} g3`]: 'account-b' },
  });
  expect(await joins(waits)).toEqual([null, 'account-b']);
});
