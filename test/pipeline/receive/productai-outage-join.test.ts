/**
 * A known ProductAI outage is joined without a call (src/pipeline/receive/productai-outage.ts):
 * while a generation waits on ProductAI (its reads failed, none answered since), another
 * generation reaching its first read waits too without reading its job, so that through an
 * outage of hours the generations reaching their first poll do not each fail a read (with the
 * client's retries). The probe is slowed to an hour here, so that the only job reads are the
 * generations' own. The outage is the ProductAI emulator's (`jobReadOutage`). The join is per
 * account for a 429: one account over its rate limit (the emulator refusing its key's job reads)
 * makes only that account's first reads join, and another account's read its job.
 */
import { expect, it } from 'vitest';
import { until } from '../../support/until.ts';
import {
  jobReadsFailed,
  jobReadsLimited,
  limitJobReads,
  waitingOnProductAi,
  outageStack,
} from './support/productai-outage.ts';

const HOUR = 60 * 60_000;

const stack = outageStack(2 * HOUR);

/** Resolves once the generation is saved or waits for ProductAI, whichever comes first. */
function savedOrWaiting(shop: string, id: string) {
  return until(
    'the generation to be saved or to wait for ProductAI',
    async () => {
      const record = await stack.h.pipeline.generations.get(shop, id);
      const waits = record?.state === 'processing' && record.waitingFor?.on === 'productai';
      return (record?.state === 'published' || waits) && record;
    },
    { deadlineMs: 60_000 },
  );
}

it('waits without reading its job when another generation already waits on the outage', async () => {
  await stack.h.quiet();
  await stack.h.productAiControl('POST', '/faults', { jobReadOutage: 503 });
  const first = await stack.h.newShop({ webhook: false });
  const met = await first.enqueue();
  await waitingOnProductAi(stack.h, first.shop, met.id);
  const reads = await jobReadsFailed(stack.h);
  expect(reads).toBeGreaterThan(0);

  const second = await stack.h.newShop({ webhook: false });
  const joined = await waitingOnProductAi(stack.h, second.shop, (await second.enqueue()).id);

  expect(joined.waitingFor?.failures).toBe(1);
  expect(await jobReadsFailed(stack.h)).toBe(reads);
}, 120_000);

it('reads another account’s job while one account’s reads are refused for its rate limit', async () => {
  await stack.h.quiet();
  const limited = await stack.h.newShop({ webhook: false });
  await limitJobReads(stack.h, limited.apiKey, true);
  await waitingOnProductAi(stack.h, limited.shop, (await limited.enqueue()).id);
  const refused = await jobReadsLimited(stack.h);
  expect(refused).toBeGreaterThan(0);

  // The same account's next generation joins its wait without a read...
  const sameAccount = await waitingOnProductAi(stack.h, limited.shop, (await limited.enqueue()).id);
  expect(sameAccount.waitingFor?.failures).toBe(1);
  expect(await jobReadsLimited(stack.h)).toBe(refused);

  // ...another account's reads its job and is saved.
  const other = await stack.h.newShop({ webhook: false });
  const read = await savedOrWaiting(other.shop, (await other.enqueue()).id);
  expect(read.state).toBe('published');
  expect(read.productAiUnreachableMs).toBe(0);
}, 120_000);

it('joins an outage of ProductAI itself without a read, whichever account met it, while another account is rate-limited', async () => {
  await stack.h.quiet();
  const limited = await stack.h.newShop({ webhook: false });
  await limitJobReads(stack.h, limited.apiKey, true);
  await waitingOnProductAi(stack.h, limited.shop, (await limited.enqueue()).id);
  await stack.h.productAiControl('POST', '/faults', { jobReadOutage: 503 });
  const first = await stack.h.newShop({ webhook: false });
  await waitingOnProductAi(stack.h, first.shop, (await first.enqueue()).id);
  const reads = await jobReadsFailed(stack.h);
  expect(reads).toBeGreaterThan(0);

  const second = await stack.h.newShop({ webhook: false });
  const joined = await waitingOnProductAi(stack.h, second.shop, (await second.enqueue()).id);

  expect(joined.waitingFor?.failures).toBe(1);
  expect(await jobReadsFailed(stack.h)).toBe(reads);
}, 120_000);
