/**
 * What bounds the probe's reads (src/pipeline/receive/productai-probe.ts): a scope is read at
 * most once per interval however many workers probe (a read claims it for the interval), and a
 * worker reads in at most 10 scopes a tick, the accounts taking turns from one tick to the
 * next. The probes here are the test's own, each tick released by the test (the intervals are
 * the test's steps, never waited out); the workers' own probe is slowed to an hour.
 */
import { expect, it } from 'vitest';
import { startProductAiProbe } from '../../../src/pipeline/receive/productai-probe.ts';
import { systemClock, type Clock } from '../../../src/platform/clock.ts';
import { createLogger } from '../../../src/platform/logger.ts';
import { uniqueShop } from '../../support/redis.ts';
import { until } from '../../support/until.ts';
import {
  jobReadsLimited,
  limitJobReads,
  waitingOnProductAi,
  outageStack,
} from './support/productai-outage.ts';

const HOUR = 60 * 60_000;

const stack = outageStack(3 * HOUR);

/** A probe of the test's own whose every interval ends when the test says (`tick`). */
function steppedProbe(everyMs: number) {
  const ends: (() => void)[] = [];
  const clock: Clock = {
    now: systemClock.now,
    sleep: (_ms, signal) =>
      new Promise((resolve, reject) => {
        ends.push(resolve);
        signal?.addEventListener('abort', () => reject(new Error('stopped')));
      }),
  };
  const probe = startProductAiProbe({
    context: stack.h.pipeline.context,
    everyMs,
    clock,
    logger: createLogger({ level: 'silent' }),
  });
  let ticks = 0;
  return {
    stop: () => probe.stop(),
    /** Ends the interval under way, and resolves once the tick after it is done. */
    async tick() {
      ticks += 1;
      await until('the probe to sleep for its interval', () => ends.length >= ticks);
      ends[ticks - 1]!();
      await until('the probe’s tick to be done', () => ends.length > ticks, { deadlineMs: 30_000 });
    },
  };
}

it('reads a waiting scope once an interval however many workers probe it', async () => {
  await stack.h.quiet();
  const shop = await stack.h.newShop({ webhook: false });
  // Refused without a wait asked for, so that only the interval holds the probes back.
  await limitJobReads(stack.h, shop.apiKey, true, 0);
  await waitingOnProductAi(stack.h, shop.shop, (await shop.enqueue()).id);
  const refused = await jobReadsLimited(stack.h);

  const workers = [steppedProbe(HOUR), steppedProbe(HOUR), steppedProbe(HOUR)];
  try {
    for (let round = 0; round < 3; round += 1)
      await Promise.all(workers.map((worker) => worker.tick()));
  } finally {
    await Promise.all(workers.map((worker) => worker.stop()));
  }

  expect(await jobReadsLimited(stack.h)).toBe(refused + 1);
}, 120_000);

it('reads in at most 10 scopes a tick, and in the next tick goes on with the accounts after them', async () => {
  await stack.h.quiet();
  const { productAiWaits } = stack.h.pipeline.context;
  // Fifteen accounts waiting, each on a generation the probe finds gone (it drops its wait
  // after claiming the scope): the scopes still waiting after a tick are those it did not read.
  const shop = uniqueShop('probe-bounds');
  const accounts = Array.from({ length: 15 }, (_, i) => `account-${String(i).padStart(2, '0')}`);
  const seed = () =>
    Promise.all(
      accounts.map((scope) => productAiWaits.add({ shop, generationId: scope, scope }, 0)),
    );
  // A claim lasting a millisecond: no scope is held back by the tick before.
  const probe = steppedProbe(1);
  try {
    await seed();
    await probe.tick();
    expect(await productAiWaits.scopes(null, 100)).toEqual(accounts.slice(10));

    await seed();
    await probe.tick();
    expect(await productAiWaits.scopes(null, 100)).toEqual(accounts.slice(5, 10));
  } finally {
    await probe.stop();
    for (const scope of accounts) await productAiWaits.remove({ shop, generationId: scope });
  }
}, 120_000);
