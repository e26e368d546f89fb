/**
 * Crash tests of a changed result made again (publish/fidelity-retry.ts): a worker PROCESS whose
 * fidelity check calls the first result changed is killed (SIGKILL) between the verdict and the
 * next try's submission, or as that submission leaves or is answered; a new worker process
 * (its check finding the next result faithful) finishes. Afterwards, with no merchant action:
 * exactly one next try was made and sent once (two ProductAI jobs in all, each charged once and
 * owned by one try), the faithful try is published and the changed one discarded, and nothing
 * is left uncertain or unclaimed.
 *
 * Real parts throughout, as in crash.test.ts: a private Redis, both emulators, the web process
 * (this test process) and workers from web/worker/main.ts as children (../support/crash-worker.ts,
 * whose switches land the kill; FIDELITY_SCRIPT scripts its check).
 */
import { describe, expect, it } from 'vitest';
import type { Generation } from '../../../src/pipeline/generations/generation.ts';
import { isTerminal } from '../../../src/pipeline/generations/generation.ts';
import { prepareGeneration } from '../../../src/pipeline/sources/new-generation.ts';
import { crashStack, type CrashSwitches } from '../support/crash-stack.ts';
import { until } from '../../support/until.ts';

const stack = crashStack('crash-tries');
const { kill, productAiControl, startWorker } = stack;

const CREDITS = 10_000;

/** A shop with its own ProductAI account and one photo generation of a click, queued. */
async function clickedPhoto(): Promise<{ shop: string; apiKey: string; first: Generation }> {
  const { shop, apiKey } = await stack.newShop({ credits: CREDITS });
  const { products } = (await stack.app.shopifyControl('GET', `/shops/${shop}/products`)) as {
    products: { id: string; mediaCount: number }[];
  };
  const product = products.find((one) => one.mediaCount > 0)!;
  const { defaults } = await stack.app.deps.settings.get(shop);
  const intake = await prepareGeneration(
    stack.app.deps.admin.forShop(shop),
    shop,
    defaults,
    {
      productId: product.id,
      kind: 'photo',
      params: { model: 'nanobanana', prompt: 'Crash test tries' },
      sourceMediaIds: [],
    },
    { priority: 'interactive', firstImagesIfNoneChosen: true },
  );
  if (!intake.ok) throw new Error(JSON.stringify(intake.problems));
  return { shop, apiKey, first: await stack.pipeline.enqueueGeneration(intake.generation) };
}

async function jobsOf(apiKey: string): Promise<{ id: number; credits: number }[]> {
  const { jobs } = (await productAiControl('GET', `/jobs?key=${encodeURIComponent(apiKey)}`)) as {
    jobs: { id: number; credits: number }[];
  };
  return jobs;
}

/**
 * Kills a worker whose check calls the first result changed at `switches`' moment, then lets a
 * worker whose check finds everything faithful finish; expects exactly one next try, sent once.
 */
async function crashThenFinish(switches: CrashSwitches): Promise<void> {
  const { shop, apiKey, first } = await clickedPhoto();
  const dying = await startWorker({ FIDELITY_SCRIPT: 'changed', ...switches });
  await dying.exited;
  const worker = await startWorker({ FIDELITY_SCRIPT: '' });
  try {
    const [changed, faithful] = await until(
      'both tries to end',
      async () => {
        const one = (await stack.pipeline.generations.get(shop, first.id))!;
        if (!one.retriedBy || !isTerminal(one.state)) return null;
        const two = (await stack.pipeline.generations.get(shop, one.retriedBy))!;
        return isTerminal(two.state) && [one, two];
      },
      { deadlineMs: 60_000 },
    );
    expect(changed!.fidelity?.verdict).toBe('changed');
    expect(changed!.state).toBe('discarded');
    expect(faithful).toMatchObject({
      state: 'published',
      retryOf: first.id,
      tries: { number: 2, of: 2, first: first.id },
      retriedBy: null,
    });
    expect(faithful!.fidelity?.verdict).toBe('faithful');
    // One next try, however often its verify ran.
    const { generations } = await stack.pipeline.generations.list(shop, {
      productId: first.productId,
    });
    expect(generations.map((one) => one.id).sort()).toEqual([first.id, faithful!.id].sort());
    // Two requests in all, each charged once and owned by one try.
    const jobs = await jobsOf(apiKey);
    expect(jobs).toHaveLength(2);
    expect(new Set(jobs.map((job) => job.id))).toEqual(
      new Set([changed!.productAiJobId, faithful!.productAiJobId]),
    );
    const account = (await productAiControl('GET', `/accounts/${apiKey}`)) as { credits: number };
    expect(account.credits).toBe(CREDITS - changed!.chargedCredits! - faithful!.chargedCredits!);
    expect(await stack.pipeline.internals.jobResults.unclaimed(shop)).toEqual([]);
  } finally {
    await kill(worker);
  }
}

describe('a changed result made again, across a crash', () => {
  it('makes exactly one next try when the worker dies between the verdict and the next try', async () => {
    // FileCreate answers right after the check wrote its verdict, before verify could retry.
    await crashThenFinish({ CRASH_AFTER_OPERATION: 'FileCreate' });
  }, 90_000);

  it('sends the next try once when the worker dies as its request leaves', async () => {
    await crashThenFinish({ CRASH_PRODUCTAI_SUBMIT: 'before:2' });
  }, 90_000);

  it('charges the next try once when the worker dies as ProductAI accepts it', async () => {
    await crashThenFinish({ CRASH_PRODUCTAI_SUBMIT: 'after:2' });
  }, 90_000);
});
