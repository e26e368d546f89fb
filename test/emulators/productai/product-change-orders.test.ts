/**
 * The control surface's orders of product changes (the next n jobs of an account change the
 * product: kind, strength) and the random rate, as the jobs record them. What a change does to
 * the picture: product-changes.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEY, OTHER_KEY, startApi, type Api } from './support/emulator.ts';
import { productImage, startImageHost, type HostedImages } from '../../support/product-images.ts';

let api: Api;
let host: HostedImages;
let image: string;
beforeAll(async () => {
  [api, host] = await Promise.all([startApi({ jobMs: 5 }), startImageHost()]);
  image = host.serve('/product.png', await productImage('png'));
});
afterAll(async () => {
  await Promise.all([api.close(), host.close()]);
});

async function submit(target: Api, key = KEY): Promise<number> {
  const { status, body } = await target.post(
    '/v1/api/generate',
    { model: 'nanobanana', prompt: 'on a marble counter', image_url: image, resolution: '1K' },
    key,
  );
  expect(status).toBe(200);
  return body.data.id as number;
}

async function changesOf(target: Api, ids: number[]): Promise<unknown[]> {
  const { body } = await target.control('GET', '/jobs');
  const jobs = body.jobs as Array<{ id: number; change: unknown }>;
  return ids.map((id) => jobs.find((job) => job.id === id)!.change);
}

describe('orders', () => {
  it('are used one per job of that account, in order; a job that fails uses none', async () => {
    await api.control('POST', `/accounts/${OTHER_KEY}/changes`, { kind: 'warp', strength: 0.3 });
    const pending = await api.control('POST', `/accounts/${OTHER_KEY}/changes`, {
      kind: 'swap',
      strength: 1,
      count: 2,
    });
    expect(pending.body.pending).toEqual([
      { kind: 'warp', strength: 0.3, remaining: 1 },
      { kind: 'swap', strength: 1, remaining: 2 },
    ]);
    const other = await submit(api, KEY);
    await api.control('POST', '/faults', { failNextJob: 1 });
    const failed = await submit(api, OTHER_KEY);
    const ids = [await submit(api, OTHER_KEY), await submit(api, OTHER_KEY)];
    ids.push(await submit(api, OTHER_KEY), await submit(api, OTHER_KEY));
    expect(await changesOf(api, [other, failed, ...ids])).toEqual([
      null,
      null,
      { kind: 'warp', strength: 0.3 },
      { kind: 'swap', strength: 1 },
      { kind: 'swap', strength: 1 },
      null,
    ]);
    expect((await api.control('GET', `/accounts/${OTHER_KEY}/changes`)).body.pending).toEqual([]);
  });

  it('are cleared by DELETE', async () => {
    await api.control('POST', `/accounts/${KEY}/changes`, { kind: 'recolour', strength: 1 });
    expect((await api.control('DELETE', `/accounts/${KEY}/changes`)).status).toBe(200);
    expect((await api.control('GET', `/accounts/${KEY}/changes`)).body.pending).toEqual([]);
    expect(await changesOf(api, [await submit(api)])).toEqual([null]);
  });

  it.each([
    [{ kind: 'blur', strength: 0.5 }, /kind must be one of recolour, warp/],
    [{ strength: 0.5 }, /kind must be one of/],
    [{ kind: 'recolour', strength: 0 }, /strength must be a number above 0 and at most 1/],
    [{ kind: 'recolour', strength: 1.5 }, /strength/],
    [{ kind: 'recolour', strength: 'strong' }, /strength/],
    [{ kind: 'recolour', strength: 0.5, count: 0 }, /count must be an integer from 1 to 1000/],
    [{ kind: 'recolour', strength: 0.5, count: 2.5 }, /count/],
  ])('refuses %j with a 400 and orders nothing', async (body, message) => {
    const response = await api.control('POST', `/accounts/${KEY}/changes`, body);
    expect(response.status).toBe(400);
    expect(response.body.error).toMatch(message);
    expect((await api.control('GET', `/accounts/${KEY}/changes`)).body.pending).toEqual([]);
  });

  it('answers 404 for an unknown account and 400 for a body that is not an object', async () => {
    const unknown = await api.control('POST', '/accounts/nobody/changes', {
      kind: 'recolour',
      strength: 1,
    });
    expect(unknown.status).toBe(404);
    expect((await api.control('POST', `/accounts/${KEY}/changes`, [1])).status).toBe(400);
  });
});

describe('the random rate', () => {
  async function changesOfJobs(target: Api, jobs: number): Promise<unknown[]> {
    const ids: number[] = [];
    for (let i = 0; i < jobs; i++) ids.push(await submit(target));
    return changesOf(target, ids);
  }

  it('is off unless asked for: no job changes the product', async () => {
    expect(await changesOfJobs(api, 5)).toEqual([null, null, null, null, null]);
  });

  it('changes a share of the jobs, the same ones for the same seed', async () => {
    const runs = await Promise.all(
      [1, 2].map(async () => {
        const random = await startApi({ jobMs: 5, changeRate: 0.5, changeSeed: 7 });
        try {
          return await changesOfJobs(random, 8);
        } finally {
          await random.close();
        }
      }),
    );
    expect(runs[0]).toEqual(runs[1]);
    const changed = runs[0]!.filter((change) => change !== null);
    expect(changed.length).toBeGreaterThan(0);
    expect(changed.length).toBeLessThan(8);
  });
});
