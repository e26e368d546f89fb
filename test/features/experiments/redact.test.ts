/**
 * `shop/redact` erases a shop's experiments: after events of every kind were counted (the
 * record, the counters, each arm's HyperLogLog, the visitors' states, the experiment's rate
 * limit), no key of the suite's Redis names the shop or the experiment, and the experiment
 * takes no event any more.
 */
import { randomBytes } from 'node:crypto';
import { expect, it } from 'vitest';
import { startTestApp } from '../../support/app.ts';
import {
  ARMS,
  batch,
  event,
  newVisitor,
  openExperiment,
  order,
  overall,
  post,
} from './support/experiments.ts';

const app = await startTestApp({
  env: { TRUST_PROXY: '1', ENCRYPTION_KEY: randomBytes(32).toString('base64') },
  webhookWorker: false,
});
const { redis } = app.deps;

/** Every key of the suite's Redis whose name holds `text`. */
async function keysNaming(text: string): Promise<string[]> {
  const found: string[] = [];
  for await (const keys of redis.scanStream({ count: 1000 }) as AsyncIterable<string[]>)
    found.push(...keys.filter((key) => key.includes(text)));
  return found;
}

it("leaves no key of the shop's experiments once the shop is redacted", async () => {
  const shop = app.newShop();
  const experiment = await openExperiment(redis, shop);
  for (const arm of ARMS) {
    const answer = await post(
      app,
      batch(experiment, newVisitor(), [event('product_viewed'), order(12)], arm),
    );
    expect(answer.status).toBe(204);
  }
  expect((await overall(experiment)).ordered.conversions).toBe(1);
  expect((await keysNaming(experiment.id)).length).toBeGreaterThanOrEqual(6);

  await app.deps.eraser.erase(shop);

  expect(await keysNaming(shop)).toEqual([]);
  expect(await keysNaming(experiment.id)).toEqual([]);
  const after = await post(app, batch(experiment, newVisitor(), [event('exposure')]));
  expect(after.status).toBe(404);
  expect(await redis.keys(`pai:{${shop}}:experiments:*`)).toEqual([]);
});
