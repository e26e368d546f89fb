/**
 * A worker PROCESS (web/worker/main.ts) killed with SIGKILL in the middle of a products/create
 * webhook for a matching rule: the rule's generation is claimed (rule, product) but not yet
 * admitted on the daily cap. The webhook job's lock runs out, the next worker runs the handler
 * again, finds the claim, and admits the same generation: one generation, one ProductAI job,
 * one charge. The Shopify emulator sends the real webhook (HMAC) to this process, which only
 * enqueues it; webhook jobs run in the worker processes, as in production.
 */
import { expect, it } from 'vitest';
import type { Generation } from '../../../src/pipeline/generations/generation.ts';
import { crashStack } from '../../pipeline/support/crash-stack.ts';
import { SUMMER_RULE } from '../../support/summer-rule.ts';
import { until } from '../../support/until.ts';

const stack = crashStack('rules-kill', { webhooksInWorkers: true });

const RULE = SUMMER_RULE;

const CREDITS = 10_000;

async function generationsOf(shop: string, productId: string): Promise<Generation[]> {
  return (await stack.pipeline.generations.list(shop, { productId })).generations;
}

it('makes one generation, one ProductAI job and one charge when a worker is killed mid-handler', async () => {
  const { shop, apiKey } = await stack.newShop({ credits: CREDITS });
  const rule = await stack.app.deps.engines.rules.store.save(shop, RULE);
  // Killed the moment the shop's time zone arrives: the generation is claimed for (rule,
  // product), its credits not yet reserved on the day's cap, nothing put in line.
  const doomed = await stack.startWorker({ CRASH_AFTER_OPERATION: 'ShopTimeZone' });
  const { product, deliveries } = (await stack.app.shopifyControl(
    'POST',
    `/shops/${shop}/products`,
    {
      title: 'Linen dress',
      tags: ['summer'],
      images: 1,
    },
  )) as { product: { id: string }; deliveries: { status: number | null }[] };
  expect(deliveries.map((delivery) => delivery.status)).toEqual([200]);
  await doomed.exited;
  const [claimed, ...others] = await generationsOf(shop, product.id);
  expect(others).toEqual([]);
  expect(claimed).toMatchObject({ state: 'queued', origin: { type: 'rule', id: rule.id } });

  const worker = await stack.startWorker();
  try {
    const made = await until(
      'the generation waiting for review',
      async () => {
        const [generation] = await generationsOf(shop, product.id);
        return generation?.state === 'in_review' ? generation : null;
      },
      { deadlineMs: 30_000 },
    );
    expect(made.id).toBe(claimed!.id);
    expect(await generationsOf(shop, product.id)).toHaveLength(1);
    const { jobs } = (await stack.productAiControl(
      'GET',
      `/jobs?key=${encodeURIComponent(apiKey)}`,
    )) as { jobs: unknown[] };
    expect(jobs).toHaveLength(1);
    const account = (await stack.productAiControl('GET', `/accounts/${apiKey}`)) as {
      credits: number;
    };
    expect(made.chargedCredits).toBe(made.estimatedCredits);
    expect(account.credits).toBe(CREDITS - made.estimatedCredits);
  } finally {
    await stack.kill(worker);
  }
});
