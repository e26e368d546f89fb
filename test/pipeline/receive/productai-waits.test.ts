/**
 * The ProductAI waits' scopes (src/pipeline/receive/productai-waits.ts), on the suite's Redis:
 * which wait a first read joins (ProductAI's own, or its account's rate limit), a wait moved to
 * another scope leaving nothing behind in the old one, which waits an answer ends (the scopes it
 * covers, from the set, the scopes and the index at once), the scopes the probe reads in and
 * when it may, and a shop's erasure (shop/redact) taking its waits out of the set, the scopes
 * and the index alike, other shops' kept.
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

it('ends, for an answer with an account’s key, ProductAI’s waits and that account’s, and keeps another account’s', async () => {
  const { keys, waits } = fresh();
  const shop = uniqueShop('waits');
  await waits.add({ ...ref(shop, 'down'), scope: UNREACHABLE }, 2000);
  await waits.add({ ...ref(shop, 'a'), scope: 'account-a' }, 1000);
  await waits.add({ ...ref(shop, 'b'), scope: 'account-b' }, 1000);

  expect(await waits.release('account-a', 10)).toEqual([
    { ...ref(shop, 'down'), scope: UNREACHABLE },
    { ...ref(shop, 'a'), scope: 'account-a' },
  ]);
  // Gone from the set, the index and the hash alike; account B's kept in all three.
  expect(await stored(keys)).toEqual({
    waits: [`${shop} b`],
    scopes: [`account-b ${shop} b`],
    scopeOf: { [`${shop} b`]: 'account-b' },
  });
});

it('ends waits an answer covers at most `count` a call, the rest at the next', async () => {
  const { waits } = fresh();
  const shop = uniqueShop('waits');
  for (const id of ['g1', 'g2', 'g3']) await waits.add({ ...ref(shop, id), scope: UNREACHABLE }, 1);

  expect(await waits.release(null, 2)).toHaveLength(2);
  expect(await waits.release(null, 2)).toHaveLength(1);
  expect(await waits.release(null, 2)).toEqual([]);
});

it('lists the scopes that wait, ProductAI’s first, then the accounts in turn from a given one', async () => {
  const { waits } = fresh();
  const shop = uniqueShop('waits');
  for (const scope of ['account-c', 'account-a', UNREACHABLE, 'account-b'])
    await waits.add({ ...ref(shop, scope), scope }, 1000);

  expect(await waits.scopes(null, 10)).toEqual([
    UNREACHABLE,
    'account-a',
    'account-b',
    'account-c',
  ]);
  expect(await waits.scopes('account-a', 10)).toEqual([
    UNREACHABLE,
    'account-b',
    'account-c',
    'account-a',
  ]);
  expect(await waits.scopes('account-b', 3)).toEqual([UNREACHABLE, 'account-c', 'account-a']);
});

it('moves a wait to another scope, and writes nothing for a generation that no longer waits', async () => {
  const { keys, waits } = fresh();
  const shop = uniqueShop('waits');
  await waits.add({ ...ref(shop, 'g1'), scope: UNREACHABLE }, 1000);

  await waits.move({ ...ref(shop, 'g1'), scope: 'account-a' });
  await waits.move({ ...ref(shop, 'gone'), scope: 'account-a' });

  expect(await stored(keys)).toEqual({
    waits: [`${shop} g1`],
    scopes: [`account-a ${shop} g1`],
    scopeOf: { [`${shop} g1`]: 'account-a' },
  });
  expect(await redis.zscore(keys.waits, `${shop} g1`)).toBe('1000');
});

it('lets one probe read a scope per interval, and none before a Retry-After, which only lengthens', async () => {
  const { waits } = fresh();
  expect(await waits.claimProbe('account-a', 60_000)).toBe(true);
  expect(await waits.claimProbe('account-a', 60_000)).toBe(false);
  expect(await waits.claimProbe('account-b', 60_000)).toBe(true);

  await waits.deferProbe('account-c', 3_600_000);
  expect(await waits.claimProbe('account-c', 60_000)).toBe(false);
  // A shorter wait asked later does not end the longer one.
  await waits.deferProbe('account-c', 1_000);
  expect(await waits.probeIn('account-c')).toBeGreaterThan(60_000);
  expect(await waits.probeIn('account-d')).toBe(0);
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
