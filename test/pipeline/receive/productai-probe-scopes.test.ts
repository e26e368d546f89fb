/**
 * The probe reads in each scope something waits in (src/pipeline/receive/productai-probe.ts),
 * and an answer ends only the waits it covers (productai-waits.ts `release`): a read answered
 * with account A's key ends ProductAI's own wait and A's rate limit's, never account B's. A
 * 429's Retry-After holds the account's reads, the probe's and its generations', and the
 * generation says when it is read again. The workers' own probe is slowed to an hour here, and
 * so are the generations' own next reads: the reads after the first are the test's probe's,
 * whose intervals it counts. The limits are the ProductAI emulator's (`job-reads-limited`, with
 * the Retry-After it is given), the outage its `jobReadOutage`.
 */
import { expect, it } from 'vitest';
import { toGenerationView } from '../../../src/pipeline/generations/generation-view.ts';
import { startProductAiProbe } from '../../../src/pipeline/receive/productai-probe.ts';
import { systemClock, type Clock } from '../../../src/platform/clock.ts';
import { createLogger } from '../../../src/platform/logger.ts';
import { accountOf } from '../../../src/productai/account.ts';
import { until } from '../../support/until.ts';
import {
  jobReadsLimited,
  limitJobReads,
  waitingOnProductAi,
  outageStack,
} from './support/productai-outage.ts';

const HOUR = 60 * 60_000;

const stack = outageStack(3 * HOUR);

/** A probe of the test's own, every 100 ms, and how many intervals it has had so far. */
async function withProbe(run: (intervals: () => number) => Promise<void>): Promise<void> {
  let intervals = 0;
  const counting: Clock = {
    now: systemClock.now,
    sleep: async (_ms, signal) => {
      intervals += 1;
      await systemClock.sleep(100, signal);
    },
  };
  const probe = startProductAiProbe({
    context: stack.h.pipeline.context,
    everyMs: 100,
    clock: counting,
    logger: createLogger({ level: 'silent' }),
  });
  try {
    await run(() => intervals);
  } finally {
    await probe.stop();
  }
}

/** A shop whose account's job reads are refused, and one of its generations waiting on it. */
async function limitedAndWaiting(retryAfterS?: number) {
  const shop = await stack.h.newShop({ webhook: false });
  await limitJobReads(stack.h, shop.apiKey, true, retryAfterS);
  const generation = await waitingOnProductAi(stack.h, shop.shop, (await shop.enqueue()).id);
  return { shop, generation };
}

it('reads each rate-limited account’s job with its key, so the account whose limit ends is read', async () => {
  await stack.h.quiet();
  const a = await limitedAndWaiting();
  const b = await limitedAndWaiting();
  // A's own read is due first (any order would do for a probe that reads every scope).
  const { productAiWaits } = stack.h.pipeline.context;
  const ref = { shop: a.shop.shop, generationId: a.generation.id };
  await productAiWaits.add({ ...ref, scope: accountOf(a.shop.apiKey) }, 0);

  await limitJobReads(stack.h, b.shop.apiKey, false);
  await withProbe(async () => {
    const read = await b.shop.waitFor(b.generation.id, ['published', 'failed'], 60_000);
    expect(read.state).toBe('published');
  });

  const still = await stack.h.pipeline.generations.get(a.shop.shop, a.generation.id);
  expect(still?.waitingFor?.on).toBe('productai');
}, 120_000);

it('ends, at an answer with one account’s key, ProductAI’s wait and that account’s, not another account’s', async () => {
  await stack.h.quiet();
  const a = await limitedAndWaiting();
  const b = await limitedAndWaiting();
  await stack.h.productAiControl('POST', '/faults', { jobReadOutage: 503 });
  const c = await stack.h.newShop({ webhook: false });
  const down = await waitingOnProductAi(stack.h, c.shop, (await c.enqueue()).id);
  await stack.h.productAiControl('POST', '/faults', { jobReadOutage: 0 });
  await limitJobReads(stack.h, a.shop.apiKey, false);

  await withProbe(async () => {
    for (const [shop, id] of [
      [a.shop, a.generation.id],
      [c, down.id],
    ] as const)
      expect((await shop.waitFor(id, ['published', 'failed'], 60_000)).state).toBe('published');
  });

  // B's wait goes on untouched: its job was not read again (its own read is an hour away).
  const waiting = await stack.h.pipeline.generations.get(b.shop.shop, b.generation.id);
  expect(waiting?.waitingFor?.failures).toBe(1);
  const account = accountOf(b.shop.apiKey);
  expect(await stack.h.pipeline.context.productAiWaits.joinable(account)).toBe(account);
}, 120_000);

it('says when a rate-limited generation is read again, and reads nothing of its account before its Retry-After', async () => {
  await stack.h.quiet();
  const asked = Date.now();
  const { generation } = await limitedAndWaiting(2 * 60 * 60);
  const readAgainAt = Date.parse(generation.waitingFor?.readAgainAt ?? '');
  // Its own next read, an hour after the failure at the most (outageMaxDelayMs), waits for the
  // two hours ProductAI asked.
  expect(readAgainAt).toBeGreaterThan(asked + 1.5 * HOUR);
  const minute = new Date(Math.ceil(readAgainAt / 60_000) * 60_000).toISOString();
  const view = toGenerationView(generation);
  // The instant, for each client to write on the shop's clock; the English names UTC.
  expect(view.reasonText).toEqual({
    code: 'waiting_productai_limit',
    params: { time: { at: minute } },
  });
  expect(view.reason).toBe(
    `ProductAI is limiting this account's requests — the result is read again by ${minute.slice(11, 16)} UTC.`,
  );

  const refused = await jobReadsLimited(stack.h);
  await withProbe(async (intervals) => {
    await until('the probe to have had 5 chances to read', () => intervals() > 5, {
      deadlineMs: 30_000,
    });
  });
  expect(await jobReadsLimited(stack.h)).toBe(refused);
}, 120_000);

it('reads no more of an account whose probe read was refused until the Retry-After of that refusal', async () => {
  await stack.h.quiet();
  // Its own read asks for a second: the probe reads its account after it.
  const { shop } = await limitedAndWaiting(1);
  await limitJobReads(stack.h, shop.apiKey, true, 2 * 60 * 60);
  const refused = await jobReadsLimited(stack.h);

  await withProbe(async (intervals) => {
    await until(
      'the probe to read the account’s job',
      async () => {
        return (await jobReadsLimited(stack.h)) > refused;
      },
      { deadlineMs: 30_000 },
    );
    const after = intervals();
    await until('the probe to have had 5 more chances to read', () => intervals() > after + 5, {
      deadlineMs: 30_000,
    });
  });
  expect(await jobReadsLimited(stack.h)).toBe(refused + 1);
}, 120_000);
