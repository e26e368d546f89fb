/** A shop leaving: uninstall cancels its waiting work; shop/redact erases its generations and
 * the app-wide job-id entries that name it. */
import { beforeAll, expect, it } from 'vitest';
import { appWideKeys, generationKeys } from '../../../src/pipeline/generations/keys.ts';
import { startPipelineHarness, type PipelineHarness } from '../../support/pipeline-stack.ts';

let h: PipelineHarness;
beforeAll(async () => {
  h = await startPipelineHarness({ workers: false });
});

it('cancels the waiting work of a shop the app is uninstalled from', async () => {
  const shop = await h.newShop();
  const waiting = [await shop.enqueue(), await shop.enqueue({ priority: 'bulk' })];
  await h.app.deps.eraser.uninstall(shop.shop);
  for (const generation of waiting) {
    const after = await h.pipeline.generations.get(shop.shop, generation.id);
    expect(after!.state).toBe('cancelled');
    expect(after!.transitions.at(-1)!.note).toBe('app uninstalled');
  }
  // Nothing of the shop is left to dispatch.
  expect(await h.pipeline.internals.scheduler.pop(1)).toBeNull();
  expect(await shop.jobs()).toHaveLength(0);
});

it("erases a shop's generations and the job-id index entries naming it", async () => {
  const shop = await h.newShop();
  await h.startWorkers();
  const generation = await shop.enqueue();
  const done = await shop.waitFor(generation.id, ['published']);
  await h.stopWorkers();
  const jobKey = appWideKeys(h.pipeline.config.namespace).job(done.productAiJobId!);
  expect(await h.app.deps.redis.exists(jobKey)).toBe(1);
  await h.app.deps.eraser.erase(shop.shop);
  expect(await h.pipeline.generations.get(shop.shop, generation.id)).toBeNull();
  expect(await h.app.deps.redis.exists(jobKey)).toBe(0);
});

it('lets the job-id index entry of an ended generation expire with the generation', async () => {
  const shop = await h.newShop();
  await h.startWorkers();
  const generation = await shop.enqueue();
  const done = await shop.waitFor(generation.id, ['published']);
  await h.stopWorkers();
  const { redis } = h.app.deps;
  const jobKey = appWideKeys(h.pipeline.config.namespace).job(done.productAiJobId!);
  const recordKey = generationKeys.record(shop.shop, generation.id);
  const recordExpiry = await redis.pexpiretime(recordKey);
  expect(recordExpiry).toBeGreaterThan(Date.now());
  expect(await redis.pexpiretime(jobKey)).toBe(recordExpiry);
});

it("takes an erased shop's generations out of the app-wide counts, once if the erase is retried", async () => {
  const shop = await h.newShop();
  await shop.enqueue();
  await shop.enqueue();
  await h.app.deps.eraser.uninstall(shop.shop);
  const before = await h.pipeline.generations.countByStateAppWide();

  await h.app.deps.eraser.erase(shop.shop);
  const after = await h.pipeline.generations.countByStateAppWide();
  expect(after).toEqual({ ...before, cancelled: before.cancelled - 2 });

  await h.app.deps.eraser.erase(shop.shop); // shop/redact delivered again, or a retried job
  expect(await h.pipeline.generations.countByStateAppWide()).toEqual(after);
});
