/**
 * POST /experiments/events on the real app server and the suite's Redis: each event counted
 * once, each visitor once per arm, a replaying visitor bounded by its cap, and every refusal a
 * 4xx with a JSON body that says why.
 */
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '../../../src/app-api/contract.ts';
import { VISITOR_CAP } from '../../../src/features/experiments/event-store.ts';
import { startTestApp, type TestApp } from '../../support/app.ts';
import {
  ARMS,
  batch,
  event,
  EVENTS_PATH,
  newAddress,
  newVisitor,
  openExperiment,
  order,
  overall,
  post,
  type TestExperiment,
} from './support/experiments.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({
    env: {
      // One proxy in front: each test is a caller of its own address.
      TRUST_PROXY: '1',
      RATE_LIMIT_REFUSAL_DELAY_MS: '0',
      // Budgets that nothing refills during a test: 5 batches per address, 8 per experiment.
      PIXEL_RATE_LIMIT_BURST: '5',
      PIXEL_RATE_LIMIT_PER_MINUTE: '1',
      EXPERIMENT_RATE_LIMIT_BURST: '8',
      EXPERIMENT_RATE_LIMIT_PER_MINUTE: '1',
      ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    },
    webhookWorker: false,
  });
});

const open = () => openExperiment(app.deps.redis, app.newShop());

describe('counting', () => {
  it('counts each event once when its batch is sent again', async () => {
    const experiment = await open();
    const body = batch(experiment, newVisitor(), [
      event('product_viewed'),
      event('product_added_to_cart'),
      order(25),
    ]);
    const answers = await Promise.all([post(app, body), post(app, body), post(app, body)]);
    expect(answers.map((answer) => answer.status)).toEqual([204, 204, 204]);
    const totals = await overall(experiment);
    expect(totals.added_to_cart.conversions).toBe(1);
    expect(totals.ordered).toEqual({ visitors: 1, conversions: 1, sum: 25, sumSquares: 625 });
  });

  it('counts a visitor once in its arm, whatever it sends', async () => {
    const experiment = await open();
    const visitor = newVisitor();
    for (let i = 0; i < 3; i += 1)
      expect((await post(app, batch(experiment, visitor, [event('exposure')]))).status).toBe(204);
    await post(app, batch(experiment, newVisitor(), [event('exposure')]));
    expect((await overall(experiment)).viewed.visitors).toBe(2);
    expect((await overall(experiment, ARMS[0])).viewed.visitors).toBe(0);
  });

  it("refuses a visitor's batch for another arm than its own", async () => {
    const experiment = await open();
    const visitor = newVisitor();
    await post(app, batch(experiment, visitor, [event('exposure')], ARMS[1]));
    const answer = await post(app, batch(experiment, visitor, [event('exposure')], ARMS[0]));
    expect(answer.status).toBe(409);
    expect(await answer.json()).toMatchObject({ error: 'other_arm' });
    expect((await overall(experiment, ARMS[0])).viewed.visitors).toBe(0);
  });

  it("bounds a replaying visitor by its cap: once per metric, and its orders' count and revenue", async () => {
    const experiment = await open();
    const visitor = newVisitor();
    const replay = () =>
      batch(experiment, visitor, [
        ...Array.from({ length: 10 }, () => event('product_added_to_cart')),
        ...Array.from({ length: 10 }, () => order(4_000)),
      ]);
    for (let i = 0; i < 3; i += 1) expect((await post(app, replay())).status).toBe(204);
    const totals = await overall(experiment);
    const cap = VISITOR_CAP.revenueCents / 100;
    expect(totals.added_to_cart.conversions).toBe(1);
    expect(totals.ordered).toEqual({ visitors: 1, conversions: 1, sum: cap, sumSquares: cap ** 2 });
  });
});

describe('refusals', () => {
  it('refuses an unknown experiment with 404 and counts nothing', async () => {
    const experiment = { ...(await open()), id: 'exp-nonexistent' };
    const answer = await post(app, batch(experiment, newVisitor(), [event('exposure')]));
    expect(answer.status).toBe(404);
    expect(await answer.json()).toMatchObject({ error: 'unknown_experiment' });
    expect(
      await app.deps.redis.keys(`pai:{${experiment.shop}}:experiments:exp-nonexistent*`),
    ).toEqual([]);
  });

  it('refuses an ended experiment with 409', async () => {
    const experiment = await open();
    await experiment.store.close(experiment.shop, experiment.id);
    const answer = await post(app, batch(experiment, newVisitor(), [event('exposure')]));
    expect(answer.status).toBe(409);
    expect(await answer.json()).toMatchObject({ error: 'experiment_ended' });
  });

  it('refuses a body over 16 KB with a 413 JSON answer', async () => {
    const experiment = await open();
    const answer = await post(app, {
      ...batch(experiment, newVisitor(), []),
      pad: 'x'.repeat(17_000),
    });
    expect(answer.status).toBe(413);
    expect(((await answer.json()) as ApiErrorBody).error).toBe('payload_too_large');
  });

  it('refuses a body that is not JSON with a 400 JSON answer', async () => {
    const answer = await post(app, '{"shop":');
    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({
      error: 'bad_request',
      message: expect.any(String),
    });
  });

  it('refuses a batch that is not one with a 400 naming the fields', async () => {
    const experiment = await open();
    const answer = await post(app, {
      ...batch(experiment, 'short', []),
      experiment: 'no spaces',
      events: [{ id: 'a', type: 'checkout_completed' }],
    });
    expect(answer.status).toBe(400);
    const body = (await answer.json()) as ApiErrorBody;
    expect(Object.keys(body.fields ?? {}).sort()).toEqual([
      'events.0.amount',
      'experiment',
      'visitor',
    ]);
  });

  it('refuses more than 50 events in a batch', async () => {
    const experiment = await open();
    const events = Array.from({ length: 51 }, () => event('product_viewed'));
    const answer = await post(app, batch(experiment, newVisitor(), events));
    expect(answer.status).toBe(400);
    expect((await answer.json()) as ApiErrorBody).toMatchObject({
      fields: { events: expect.any(String) },
    });
  });
});

describe('rate limits', () => {
  const exposure = (experiment: TestExperiment) =>
    batch(experiment, newVisitor(), [event('exposure')]);

  async function statuses(send: () => Promise<Response>, n: number): Promise<number[]> {
    const answers: number[] = [];
    for (let i = 0; i < n; i += 1) answers.push((await send()).status);
    return answers;
  }

  it('answers 429 past an address budget, with Retry-After, and counts nothing then', async () => {
    const experiment = await open();
    const address = newAddress();
    expect(await statuses(() => post(app, exposure(experiment), address), 6)).toEqual([
      204, 204, 204, 204, 204, 429,
    ]);
    const refused = await post(app, exposure(experiment), address);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.json()).toMatchObject({ error: 'rate_limited' });
    expect((await overall(experiment)).viewed.visitors).toBe(5);
    // Another address still has its budget.
    expect((await post(app, exposure(experiment))).status).toBe(204);
  });

  it("answers 429 past an experiment's budget, whatever address sends", async () => {
    const experiment = await open();
    const other = await open();
    expect(await statuses(() => post(app, exposure(experiment)), 9)).toEqual([
      ...Array.from({ length: 8 }, () => 204),
      429,
    ]);
    expect((await overall(experiment)).viewed.visitors).toBe(8);
    expect((await post(app, exposure(other))).status).toBe(204);
  });
});

describe('metrics', () => {
  async function value(name: string, label: string): Promise<number> {
    const metric = await app.deps.metrics.registry.getSingleMetric(name)?.get();
    const [key, wanted] = label.split('=') as [string, string];
    return metric?.values.find((sample) => sample.labels[key] === wanted)?.value ?? 0;
  }

  it('counts events by outcome, and batches refused before their events are read', async () => {
    const experiment = await open();
    const before = {
      counted: await value('experiment_events_total', 'outcome=counted'),
      duplicate: await value('experiment_events_total', 'outcome=duplicate'),
      unknown: await value('experiment_events_total', 'outcome=refused_unknown'),
      invalid: await value('experiment_event_batches_refused_total', 'reason=invalid'),
    };
    const body = batch(experiment, newVisitor(), [order(3)]);
    await post(app, body);
    await post(app, body);
    await post(app, batch({ ...experiment, id: 'exp-none' }, newVisitor(), [event('exposure')]));
    await post(app, 'not json');
    expect({
      counted: await value('experiment_events_total', 'outcome=counted'),
      duplicate: await value('experiment_events_total', 'outcome=duplicate'),
      unknown: await value('experiment_events_total', 'outcome=refused_unknown'),
      invalid: await value('experiment_event_batches_refused_total', 'reason=invalid'),
    }).toEqual({
      counted: before.counted + 1,
      duplicate: before.duplicate + 1,
      unknown: before.unknown + 1,
      invalid: before.invalid + 1,
    });
  });
});

describe('CORS', () => {
  it('lets any storefront origin post, and answers a preflight', async () => {
    const preflight = await app.call(EVENTS_PATH, {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://shop.example',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/content-type/i);
    const refused = await post(app, 'not json');
    expect(refused.headers.get('access-control-allow-origin')).toBe('*');
  });
});
