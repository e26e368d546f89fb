/**
 * Without a durable record of the send (REDIS_DURABILITY=none, the default outside production),
 * Redis may lose the fingerprint's claim after the request left. A submission found
 * `submitting` without its claim is then not sent again blind: it takes its claim again and
 * reconciliation looks for its job in ProductAI's job list by fingerprint first
 * (src/pipeline/submit/steps/after-crash.ts, src/pipeline/receive/reconcile.ts).
 */
import { beforeAll, expect, it } from 'vitest';
import { accountOf } from '../../../src/productai/account.ts';
import { startPipelineHarness, type PipelineHarness } from '../../support/pipeline-stack.ts';

let h: PipelineHarness;
beforeAll(async () => {
  h = await startPipelineHarness({ workers: false });
});

it('adopts the job ProductAI made for a submission whose claim Redis lost, instead of sending it again', async () => {
  const shop = await h.newShop();
  const queued = await shop.enqueue();
  // The state a Redis crash leaves when it kept the move to `submitting` but lost the claim
  // written after it, and the request had left: ProductAI has the job.
  await h.pipeline.generations.transition(shop.shop, queued.id, {
    from: ['queued'],
    to: 'submitting',
    patch: { submittedAt: new Date().toISOString(), productAiAccount: accountOf(shop.apiKey) },
  });
  const sent = await fetch(`${h.productAi.url}/v1/api/generate`, {
    method: 'POST',
    headers: { 'x-api-key': shop.apiKey, 'content-type': 'application/json' },
    body: JSON.stringify({
      model: queued.params.model,
      prompt: queued.params.prompt,
      image_url: queued.sourceImageUrls[0],
    }),
  });
  expect(sent.status).toBe(200);

  // The submit job of that submission, run again after the crash.
  await h.pipeline.context.enqueue('submit', { shop: shop.shop, generationId: queued.id });
  await h.startWorkers();
  const done = await shop.waitFor(queued.id, ['published', 'failed'], 30_000);

  expect(done.state).toBe('published');
  expect(await shop.jobs()).toHaveLength(1);
  expect(done.transitions.map((entry) => entry.state)).toContain('uncertain');
});
