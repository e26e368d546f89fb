/**
 * Crash tests: a worker PROCESS is killed (SIGKILL) at each stage while it works on a batch of
 * bulk generations that share one prompt (as a bulk run's items do, so ProductAI cannot tell
 * their jobs apart by prompt); a new worker process is started. Afterwards, with no merchant
 * action, every generation is published, each ProductAI job was charged once and belongs to
 * exactly one generation (no second submission, nothing left uncertain), and each product has
 * one file and one new media (no duplicate media). The kills land through deterministic hooks
 * (../support/crash-worker.ts) or emulator faults, not sleeps.
 *
 * A request cut off by a crash is checked in the account it went to, even when the merchant
 * saved another account's key meanwhile: it is never taken for unsent (test below).
 *
 * A review batch (publish/review-batches.ts) is a worker's job too: killed mid-batch, a new worker
 * finishes it, every item decided once and counted once.
 *
 * Real parts throughout: a private Redis (dev/redis-server.ts), both emulators, the web process
 * (this test process: the webhook receiver) and workers from web/worker/main.ts as children.
 */
import { describe, expect, it, vi } from 'vitest';
import type { Generation } from '../../../src/pipeline/generations/generation.ts';
import { isTerminal } from '../../../src/pipeline/generations/generation.ts';
import { KEY_CHANGED_MESSAGE } from '../../../src/pipeline/receive/reconcile.ts';
import { prepareGeneration } from '../../../src/pipeline/sources/new-generation.ts';
import { crashStack } from '../support/crash-stack.ts';
import { SENT_AGAIN_ONCE } from '../../support/generations.ts';
import { until } from '../../support/until.ts';

/**
 * How long a wait on the app's states may take before it is a failure: worker processes start
 * one after the other, about 10 s each on a loaded 2-core machine, and at load 10-17 a clean
 * clone's run took over 30 s to bring six results to review. The waits end on the states; this
 * bounds only a failure, and each test's timeout leaves room for several such waits.
 */
const STATE_WAIT_MS = 120_000;
vi.setConfig({ testTimeout: 4 * STATE_WAIT_MS });

const stack = crashStack('crash');
const { kill, productAiControl, startWorker } = stack;

interface CrashShop {
  shop: string;
  apiKey: string;
  batch: Generation[];
}

const CREDITS = 10_000;
const BULK_PROMPT = 'Crash test bulk scene';

/** A shop with a ProductAI account and `count` bulk photo generations with one prompt, queued. */
async function shopWithBatch(
  count: number,
  options: { webhook?: boolean; reviewMode?: boolean } = {},
): Promise<CrashShop> {
  const { reviewMode, ...shopOptions } = options;
  const { shop, apiKey } = await stack.newShop({ credits: CREDITS, ...shopOptions });
  if (reviewMode) await stack.app.deps.settings.update(shop, { reviewMode: true });
  const { products } = (await shopifyGet(`/shops/${shop}/products`)) as {
    products: { id: string; mediaCount: number }[];
  };
  const withImages = products.filter((product) => product.mediaCount > 0).slice(0, count);
  const admin = stack.app.deps.admin.forShop(shop);
  const { defaults } = await stack.app.deps.settings.get(shop);
  const batch: Generation[] = [];
  for (const product of withImages) {
    const intake = await prepareGeneration(
      admin,
      shop,
      defaults,
      {
        productId: product.id,
        kind: 'photo',
        params: { model: 'nanobanana', prompt: BULK_PROMPT },
        sourceMediaIds: [],
      },
      { priority: 'bulk', firstImagesIfNoneChosen: true },
    );
    if (!intake.ok) throw new Error(JSON.stringify(intake.problems));
    batch.push(await stack.pipeline.enqueueGeneration(intake.generation));
  }
  expect(batch).toHaveLength(count);
  return { shop, apiKey, batch };
}

const shopifyGet = (path: string) => stack.app.shopifyControl('GET', path);

/** The jobs ProductAI recorded for an account. */
async function jobsOf(apiKey: string): Promise<{ id: number; credits: number }[]> {
  const { jobs } = (await productAiControl('GET', `/jobs?key=${encodeURIComponent(apiKey)}`)) as {
    jobs: { id: number; credits: number }[];
  };
  return jobs;
}

const states = (s: CrashShop) =>
  Promise.all(s.batch.map(async (g) => (await stack.pipeline.generations.get(s.shop, g.id))!));

/**
 * Every generation published, each with its own ProductAI job (charged once), one file and one
 * product media; returns them.
 */
async function expectExactlyOnce(s: CrashShop): Promise<Generation[]> {
  const done = await until(
    'every generation to end',
    async () => {
      const current = await states(s);
      return current.every((g) => isTerminal(g.state)) && current;
    },
    { deadlineMs: STATE_WAIT_MS },
  );
  expect(done.map((g) => [g.state, g.reason])).toEqual(done.map(() => ['published', null]));
  const jobs = await jobsOf(s.apiKey);
  expect(jobs).toHaveLength(s.batch.length);
  expect(new Set(done.map((g) => g.productAiJobId))).toEqual(new Set(jobs.map((job) => job.id)));
  const charged = done.reduce((sum, g) => sum + g.estimatedCredits, 0);
  const account = (await productAiControl('GET', `/accounts/${s.apiKey}`)) as { credits: number };
  expect(account.credits).toBe(CREDITS - charged);
  expect(await stack.pipeline.internals.jobResults.unclaimed(s.shop)).toEqual([]);
  const { files } = (await shopifyGet(`/shops/${s.shop}/files`)) as {
    files: { id: string; filename: string; references: string[] }[];
  };
  const { products } = (await shopifyGet(`/shops/${s.shop}/products`)) as {
    products: { id: string; handle: string }[];
  };
  const handles = new Map(products.map((product) => [product.id, product.handle]));
  for (const generation of done) {
    // Result files are named from their product's handle and the scene (publish/file-names.ts),
    // and each generation here is for a product of its own.
    const name = `${handles.get(generation.productId)}-crash-test-bulk-scene`;
    const made = files.filter((file) => file.filename.startsWith(name));
    expect(made.map((file) => file.id)).toEqual([generation.fileId]);
    expect(made[0]!.references).toEqual([generation.productId]);
    const numericId = generation.productId.split('/').pop();
    const { media } = (await shopifyGet(`/shops/${s.shop}/products/${numericId}/media`)) as {
      media: { id: string }[];
    };
    expect(media.filter((item) => item.id === generation.fileId)).toHaveLength(1);
  }
  return done;
}

/** The generations that went through `state` on their way. */
const through = (done: Generation[], state: Generation['state']) =>
  done.filter((g) => g.transitions.some((t) => t.state === state));

describe('a worker killed at each stage', () => {
  it('submit, before the request leaves: it is proven never accepted and sent again, once', async () => {
    const worker = await startWorker({ CRASH_PRODUCTAI_SUBMIT: 'before:2' });
    const s = await shopWithBatch(4, { webhook: false });
    await worker.exited;
    const restarted = await startWorker();
    const done = await expectExactlyOnce(s);
    const [interrupted] = through(done, 'uncertain');
    expect(through(done, 'uncertain')).toHaveLength(1);
    expect(interrupted!.transitions.map((t) => t.state)).toEqual(SENT_AGAIN_ONCE);
    await kill(restarted);
  });

  it('submit, the moment the answer arrives: the job it created is adopted, never resent', async () => {
    const worker = await startWorker({ CRASH_PRODUCTAI_SUBMIT: 'after:2' });
    const s = await shopWithBatch(4);
    await worker.exited;
    const restarted = await startWorker();
    const done = await expectExactlyOnce(s);
    expect(through(done, 'uncertain')).toHaveLength(1);
    await kill(restarted);
  });

  it("submit, while its request hangs: the job is found in ProductAI's list, never resent", async () => {
    const worker = await startWorker();
    await productAiControl('POST', '/faults', { hangNext: 1 });
    const s = await shopWithBatch(4, { webhook: false });
    await until(
      'a request in flight',
      async () => (await states(s)).some((g) => g.state === 'submitting'),
      { deadlineMs: STATE_WAIT_MS },
    );
    // Same prompt: the others wait for this one's claim, so the one job is the hung request's.
    await until(
      'the hung request to create its job',
      async () => (await jobsOf(s.apiKey)).length > 0,
      { deadlineMs: STATE_WAIT_MS },
    );
    await kill(worker);
    const restarted = await startWorker();
    const done = await expectExactlyOnce(s);
    const [interrupted] = through(done, 'uncertain');
    expect(through(done, 'uncertain')).toHaveLength(1);
    expect(interrupted!.transitions.find((t) => t.state === 'processing')?.note).toMatch(
      /found in ProductAI's list/,
    );
    await kill(restarted);
  });

  it('submit, while its request hangs, the key replaced before a new worker starts: the request is checked in its own account with the key it was sent with, never sent again', async () => {
    const worker = await startWorker();
    await productAiControl('POST', '/faults', { hangNext: 1 });
    const s = await shopWithBatch(1, { webhook: false });
    await until(
      'the hung request to create its job',
      async () => (await jobsOf(s.apiKey)).length > 0,
      { deadlineMs: STATE_WAIT_MS },
    );
    await kill(worker);
    // Meanwhile the merchant saves the key of another ProductAI account: the first is kept.
    const otherKey = `other-${s.apiKey}`;
    await productAiControl('POST', '/accounts', { key: otherKey, credits: CREDITS });
    await stack.app.deps.settings.saveApiKey(s.shop, otherKey);
    const restarted = await startWorker();
    const [done] = await expectExactlyOnce(s);
    expect(done!.transitions.find((t) => t.state === 'processing')?.note).toMatch(
      /found in ProductAI's list/,
    );
    expect(await jobsOf(otherKey)).toEqual([]);
    await kill(restarted);
  });

  it('submit, while its request hangs, the key removed and another saved before a new worker starts: the check waits, saying why, until the first key is back; never sent again', async () => {
    const worker = await startWorker();
    await productAiControl('POST', '/faults', { hangNext: 1 });
    const s = await shopWithBatch(1, { webhook: false });
    await until(
      'the hung request to create its job',
      async () => (await jobsOf(s.apiKey)).length > 0,
      { deadlineMs: STATE_WAIT_MS },
    );
    await kill(worker);
    // Removing the key drops the keys it replaced: nothing opens the first account any more.
    const otherKey = `other-${s.apiKey}`;
    await productAiControl('POST', '/accounts', { key: otherKey, credits: CREDITS });
    await stack.app.deps.settings.removeApiKey(s.shop);
    await stack.app.deps.settings.saveApiKey(s.shop, otherKey);
    const restarted = await startWorker();
    const [waiting] = await until(
      'the check to wait for the first key',
      async () => {
        const current = await states(s);
        return current[0]!.reason === KEY_CHANGED_MESSAGE.reason && current;
      },
      { deadlineMs: STATE_WAIT_MS },
    );
    expect(waiting!.state).toBe('uncertain');
    expect(await jobsOf(otherKey)).toEqual([]);

    await stack.app.deps.settings.saveApiKey(s.shop, s.apiKey);
    const [done] = await expectExactlyOnce(s);
    expect(done!.transitions.find((t) => t.state === 'processing')?.note).toMatch(
      /found in ProductAI's list/,
    );
    expect(await jobsOf(otherKey)).toEqual([]);
    await kill(restarted);
  });

  it('await: killed while polling; the poll survives in Redis and a new worker finishes it', async () => {
    const worker = await startWorker();
    const s = await shopWithBatch(3, { webhook: false });
    await until(
      'all submitted',
      async () => (await states(s)).every((g) => g.state !== 'queued' && g.state !== 'submitting'),
      { deadlineMs: STATE_WAIT_MS },
    );
    // The next API request is a poll: it hangs, so the worker is killed mid-poll.
    await productAiControl('POST', '/faults', { hangNext: 1 });
    await until(
      'a poll to be held by ProductAI',
      async () => {
        const faults = (await productAiControl('GET', '/faults')) as { hangNext: number };
        return faults.hangNext === 0 && (await states(s)).some((g) => (g.attempts.await ?? 0) > 0);
      },
      { deadlineMs: STATE_WAIT_MS },
    );
    await kill(worker);
    const restarted = await startWorker();
    await expectExactlyOnce(s);
    await kill(restarted);
  });

  it('attach: killed right after Shopify created the file; the repeat finds it instead of adding another', async () => {
    const worker = await startWorker({ CRASH_AFTER_OPERATION: 'FileCreate' });
    const s = await shopWithBatch(3);
    await worker.exited;
    const restarted = await startWorker();
    await expectExactlyOnce(s);
    await kill(restarted);
  });

  it("attach, killed while two shops' results hold their turns: the new worker saves each once", async () => {
    const worker = await startWorker({ CRASH_AFTER_OPERATION: 'FileCreate' });
    const many = await shopWithBatch(5);
    const one = await shopWithBatch(1);
    await worker.exited;
    const restarted = await startWorker();
    await expectExactlyOnce(many);
    await expectExactlyOnce(one);
    await kill(restarted);
  });

  it('verify: killed right after the file was linked to the product; the repeat links nothing twice', async () => {
    const worker = await startWorker({ CRASH_AFTER_OPERATION: 'FileUpdate' });
    const s = await shopWithBatch(3);
    await worker.exited;
    const restarted = await startWorker();
    await expectExactlyOnce(s);
    await kill(restarted);
  });
});

describe('Redis restarts', () => {
  it('finishes every generation exactly once when Redis restarts mid-run', async () => {
    const worker = await startWorker();
    const s = await shopWithBatch(3);
    await until('work under way', async () => (await states(s)).some((g) => g.state !== 'queued'), {
      deadlineMs: STATE_WAIT_MS,
    });
    await stack.redis.restart();
    await expectExactlyOnce(s);
    await kill(worker);
  });
});

describe('a review batch killed with its worker', () => {
  it('is finished by a new worker: every result rejected once, each counted once', async () => {
    const maker = await startWorker();
    const s = await shopWithBatch(6, { reviewMode: true });
    await until(
      'every result in review',
      async () => (await states(s)).every((g) => g.state === 'in_review'),
      { deadlineMs: STATE_WAIT_MS },
    );
    await kill(maker);

    const started = await stack.pipeline.reviewBatches.start(s.shop, 'reject', {
      type: 'generations',
      ids: s.batch.map((g) => g.id),
    });
    // Dies the moment Shopify confirms the first deletion: the batch has work left.
    const crashing = await startWorker({ CRASH_AFTER_OPERATION: 'FileDelete' });
    await crashing.exited;
    const interrupted = (await stack.pipeline.reviewBatches.get(s.shop, started.id))!;
    expect(interrupted.state).toBe('running');
    expect(interrupted.done + interrupted.skipped).toBeLessThan(6);

    const restarted = await startWorker();
    const finished = await until(
      'the batch to finish',
      async () => {
        const batch = (await stack.pipeline.reviewBatches.get(s.shop, started.id))!;
        return batch.state === 'done' && batch;
      },
      { deadlineMs: STATE_WAIT_MS },
    );
    // The item in flight at the kill was already rejected: counted as skipped, not twice.
    expect(finished.done + finished.skipped).toBe(6);
    expect(finished.failed).toBe(0);
    expect(finished.done).toBeGreaterThanOrEqual(2);
    for (const generation of await states(s)) {
      expect(generation.state).toBe('discarded');
      expect(generation.transitions.filter((t) => t.state === 'discarded')).toHaveLength(1);
    }
    await kill(restarted);
  });
});
