/**
 * Crash test of the re-save path (src/pipeline/receive/resave-result.ts): a result ProductAI
 * made whose saving failed is saved again, and the worker PROCESS saving it is killed (SIGKILL)
 * right after Shopify created its file; a new worker finishes it. Afterwards the result is on the
 * product once, in one file, and ProductAI holds one job for it, charged once: saving again
 * sent nothing. Real parts: a private Redis, both emulators, workers from web/worker/main.ts.
 */
import { expect, it } from 'vitest';
import { isTerminal, type Generation } from '../../../src/pipeline/generations/generation.ts';
import { prepareGeneration } from '../../../src/pipeline/sources/new-generation.ts';
import { crashStack } from '../support/crash-stack.ts';
import { until } from '../../support/until.ts';

const stack = crashStack('crash-resave');
const { kill, productAiControl, startWorker } = stack;

const CREDITS = 10_000;
const PROMPT = 'Crash test resave scene';

const shopifyGet = (path: string) => stack.app.shopifyControl('GET', path);

async function settled(shop: string, id: string): Promise<Generation> {
  return until(
    `generation ${id} to end`,
    async () => {
      const current = await stack.pipeline.generations.get(shop, id);
      return current && isTerminal(current.state) && current;
    },
    { deadlineMs: 30_000 },
  );
}

it('a worker killed while saving a result again: saved once, on the product once, charged once', async () => {
  const first = await startWorker();
  const { shop, apiKey } = await stack.newShop({ credits: CREDITS });
  const { products } = (await shopifyGet(`/shops/${shop}/products`)) as {
    products: { id: string; mediaCount: number }[];
  };
  const product = products.find((candidate) => candidate.mediaCount > 0)!;
  const { defaults } = await stack.app.deps.settings.get(shop);
  const intake = await prepareGeneration(
    stack.app.deps.admin.forShop(shop),
    shop,
    defaults,
    {
      productId: product.id,
      kind: 'photo',
      params: { model: 'nanobanana', prompt: PROMPT },
      sourceMediaIds: [],
    },
    { priority: 'interactive', firstImagesIfNoneChosen: true },
  );
  if (!intake.ok) throw new Error(JSON.stringify(intake.problems));
  // Shopify's processing of the result fails: ProductAI made and charged it, saving failed.
  await stack.app.shopifyControl('POST', '/faults', { mediaFailNext: 1 });
  const created = await stack.pipeline.enqueueGeneration(intake.generation);
  const failed = await settled(shop, created.id);
  expect(failed.state).toBe('failed');
  expect(failed.productAiJobId).not.toBeNull();
  await kill(first);

  const crashing = await startWorker({ CRASH_AFTER_OPERATION: 'FileCreate' });
  const resaved = await stack.pipeline.resaveResult(shop, {
    ...failed,
    productAiJobId: failed.productAiJobId!,
  });
  await crashing.exited;
  const restarted = await startWorker();
  const done = await settled(shop, resaved.id);
  await kill(restarted);

  expect([done.state, done.reason]).toEqual(['published', null]);
  expect(done.productAiJobId).toBe(failed.productAiJobId);
  const { jobs } = (await productAiControl('GET', `/jobs?key=${encodeURIComponent(apiKey)}`)) as {
    jobs: { id: number; credits: number }[];
  };
  expect(jobs.map((job) => job.id)).toEqual([failed.productAiJobId]);
  const account = (await productAiControl('GET', `/accounts/${apiKey}`)) as { credits: number };
  expect(account.credits).toBe(CREDITS - jobs[0]!.credits);
  const { files } = (await shopifyGet(`/shops/${shop}/files`)) as {
    files: { id: string; filename: string; references: string[] }[];
  };
  const made = files.filter((file) => file.filename.includes('crash-test-resave-scene'));
  expect(made.map((file) => [file.id, file.references])).toEqual([[done.fileId, [product.id]]]);
});
