/**
 * Shopify Flow end to end: the emulator runs the "Generate product photo" action as Flow does
 * (a POST to the app's runtime URL, signed with the app's secret), the app puts one generation
 * in line, a worker PROCESS (web/worker/main.ts) makes and publishes it, and the app's triggers
 * reach the emulator's `flowTriggerReceive`, executed on Shopify's real schema. Real Redis, both
 * emulators, real HMAC; a worker killed with SIGKILL mid-way changes nothing the merchant sees.
 */
import { describe, expect, it } from 'vitest';
import type { Generation } from '../../../src/pipeline/generations/generation.ts';
import {
  FLOW_GENERATE_PHOTO_PATH,
  flowActionsModule,
} from '../../../web/server/routes/flow-actions.ts';
import { crashStack } from '../../pipeline/support/crash-stack.ts';
import { until } from '../../support/until.ts';
import type { EmulatorControl } from '../../support/emulator-control.ts';

const stack = crashStack('flow', { modules: [flowActionsModule] });

interface FlowAnswer {
  actionRunId: string;
  status: number;
  retryAfter: string | null;
  body: { message?: string };
}
interface ReceivedTrigger {
  handle: string;
  payload: Record<string, unknown>;
}

const shopify: EmulatorControl = (method, path, body) =>
  stack.app.shopifyControl(method, path, body);

/** Flow runs the action step for `shop` (the emulator signs it; `forge` signs it wrongly). */
function runAction(
  shop: string,
  properties: Record<string, unknown>,
  more: { actionRunId?: string; forge?: boolean } = {},
): Promise<FlowAnswer> {
  const url = `${stack.app.url}${FLOW_GENERATE_PHOTO_PATH}`;
  return shopify('POST', '/flow/actions', {
    shop,
    url,
    properties,
    ...more,
  }) as Promise<FlowAnswer>;
}

async function products(shop: string) {
  const { products: list } = (await shopify('GET', `/shops/${shop}/products`)) as {
    products: { id: string; mediaCount: number }[];
  };
  return list;
}
const numericId = (gid: string) => gid.slice(gid.lastIndexOf('/') + 1);

async function generationsOf(shop: string): Promise<Generation[]> {
  return (await stack.pipeline.generations.list(shop, {}, { limit: 100 })).generations;
}
async function triggersOf(shop: string): Promise<ReceivedTrigger[]> {
  const { triggers } = (await shopify('GET', `/shops/${shop}/flow-triggers`)) as {
    triggers: ReceivedTrigger[];
  };
  return triggers;
}
async function jobsOf(apiKey: string): Promise<unknown[]> {
  const { jobs } = (await stack.productAiControl(
    'GET',
    `/jobs?key=${encodeURIComponent(apiKey)}`,
  )) as { jobs: unknown[] };
  return jobs;
}

async function settled(shop: string, state: Generation['state']): Promise<Generation> {
  return until(
    `a generation ${state}`,
    async () =>
      (await generationsOf(shop)).find((generation) => generation.state === state) ?? null,
    { deadlineMs: 30_000 },
  );
}

async function oneTrigger(shop: string, handle: string): Promise<ReceivedTrigger> {
  const found = await until(
    `trigger ${handle}`,
    async () => (await triggersOf(shop)).find((trigger) => trigger.handle === handle) ?? null,
    { deadlineMs: 30_000 },
  );
  // Later relay passes and retries must not send it again.
  await stack.pipeline.internals.flowTriggers.relay();
  expect((await triggersOf(shop)).filter((trigger) => trigger.handle === handle)).toHaveLength(1);
  return found;
}

describe('the Generate product photo action', () => {
  it('makes one generation per run: the same run again is answered 200 and charges nothing more', async () => {
    const worker = await stack.startWorker();
    try {
      const { shop, apiKey } = await stack.newShop();
      const product = (await products(shop)).find((candidate) => candidate.mediaCount > 0)!;
      const properties = { product_id: numericId(product.id), prompt: 'On a marble table' };

      const first = await runAction(shop, properties, { actionRunId: 'run-once' });
      const again = await runAction(shop, properties, { actionRunId: 'run-once' });
      expect([first.status, again.status]).toEqual([200, 200]);

      const published = await settled(shop, 'published');
      expect(published).toMatchObject({
        productId: product.id,
        priority: 'bulk',
        origin: { type: 'flow', id: 'run-once', label: 'Shopify Flow' },
        params: { prompt: 'On a marble table' },
      });
      expect(await runAction(shop, properties, { actionRunId: 'run-once' })).toMatchObject({
        status: 200,
      });
      expect(await generationsOf(shop)).toHaveLength(1);
      expect(await jobsOf(apiKey)).toHaveLength(1);

      const trigger = await oneTrigger(shop, 'productai-photo-published');
      expect(trigger.payload).toEqual({
        product_id: Number(numericId(product.id)),
        'Generation ID': published.id,
        'Result URL': published.resultUrl,
      });
    } finally {
      await stack.kill(worker);
    }
  });

  it('refuses a request not signed with the app secret, and creates nothing', async () => {
    const { shop } = await stack.newShop();
    const product = (await products(shop)).find((candidate) => candidate.mediaCount > 0)!;
    const answer = await runAction(
      shop,
      { product_id: numericId(product.id), prompt: 'On a marble table' },
      { forge: true },
    );
    expect(answer.status).toBe(401);
    expect(await generationsOf(shop)).toEqual([]);
  });

  it('answers bad input with a 4xx Flow shows and does not retry, charging nothing', async () => {
    const { shop, apiKey } = await stack.newShop();
    const list = await products(shop);
    const withImage = list.find((candidate) => candidate.mediaCount > 0)!;
    const withoutImage = list.find((candidate) => candidate.mediaCount === 0);
    const prompt = 'On a marble table';

    expect(await runAction(shop, { product_id: '999999999', prompt })).toMatchObject({
      status: 422,
      body: { message: 'This product is not in the store.' },
    });
    if (withoutImage) {
      expect(
        await runAction(shop, { product_id: numericId(withoutImage.id), prompt }),
      ).toMatchObject({
        status: 422,
        body: { message: 'This product has no image to start the photo from.' },
      });
    }
    expect(
      await runAction(shop, { product_id: numericId(withImage.id), preset: 'Nope' }),
    ).toMatchObject({ status: 422 });
    expect(await runAction(shop, { product_id: numericId(withImage.id) })).toMatchObject({
      status: 422,
      body: { message: 'Choose a preset or write a prompt.' },
    });

    const keyless = stack.app.newShop();
    await stack.app.deps.offlineTokens.ensure(keyless, stack.app.sessionToken(keyless));
    const keylessProduct = (await products(keyless)).find((candidate) => candidate.mediaCount > 0)!;
    const noKey = await runAction(keyless, { product_id: numericId(keylessProduct.id), prompt });
    expect(noKey.status).toBe(422);
    expect(noKey.body.message).toMatch(/ProductAI API key/);

    expect(await generationsOf(shop)).toEqual([]);
    expect(await generationsOf(keyless)).toEqual([]);
    expect(await jobsOf(apiKey)).toEqual([]);
  });
});

describe('the Flow triggers', () => {
  it('tells Flow a photo is ready for review', async () => {
    const worker = await stack.startWorker();
    try {
      const { shop } = await stack.newShop();
      await stack.app.deps.settings.update(shop, { reviewMode: true });
      const product = (await products(shop)).find((candidate) => candidate.mediaCount > 0)!;
      await runAction(shop, { product_id: numericId(product.id), prompt: 'In a forest' });
      const waiting = await settled(shop, 'in_review');
      const trigger = await oneTrigger(shop, 'productai-photo-ready-for-review');
      expect(trigger.payload).toMatchObject({
        'Generation ID': waiting.id,
        'Result URL': waiting.resultUrl,
      });
    } finally {
      await stack.kill(worker);
    }
  });

  it('tells Flow a photo failed, with the reason', async () => {
    const worker = await stack.startWorker();
    try {
      const { shop } = await stack.newShop();
      await stack.productAiControl('POST', '/faults', { failNextJob: 1 });
      const product = (await products(shop)).find((candidate) => candidate.mediaCount > 0)!;
      await runAction(shop, { product_id: numericId(product.id), prompt: 'On the moon' });
      const failed = await settled(shop, 'failed');
      const trigger = await oneTrigger(shop, 'productai-photo-failed');
      expect(trigger.payload).toMatchObject({ 'Generation ID': failed.id, Reason: failed.reason });
    } finally {
      await stack.kill(worker);
    }
  });

  it('survives a worker killed mid-way: still one generation, one charge and one trigger', async () => {
    const { shop, apiKey } = await stack.newShop();
    const product = (await products(shop)).find((candidate) => candidate.mediaCount > 0)!;
    // Killed the moment Shopify has saved the result to Files, before anything recorded it.
    const doomed = await stack.startWorker({ CRASH_AFTER_OPERATION: 'FileCreate' });
    const answer = await runAction(shop, { product_id: numericId(product.id), prompt: 'Dusk' });
    expect(answer.status).toBe(200);
    await doomed.exited;
    const worker = await stack.startWorker();
    try {
      await settled(shop, 'published');
      await oneTrigger(shop, 'productai-photo-published');
      expect(await generationsOf(shop)).toHaveLength(1);
      expect(await jobsOf(apiKey)).toHaveLength(1);
    } finally {
      await stack.kill(worker);
    }
  });
});
