/**
 * The earlier interface (/v1, Bearer, bare objects): training assets, the asset library with
 * its filters and pages, and jobs shared with the current interface, in the earlier vocabulary.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { download, KEY, OTHER_KEY, startApi, type Api, type Json } from './support/emulator.ts';
import {
  productImage,
  startImageHost,
  truncatedPng,
  type HostedImages,
} from '../../support/product-images.ts';
import { until } from '../../support/until.ts';

let api: Api;
let host: HostedImages;
let image: string;
beforeAll(async () => {
  [api, host] = await Promise.all([startApi(), startImageHost()]);
  image = host.serve('/product.png', await productImage('png', 300, 400));
});
afterAll(async () => {
  await Promise.all([api.close(), host.close()]);
});

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

async function uploadFile(
  key: string,
  bytes: Buffer,
  fields: Array<[string, string]> = [],
  filename = 'bottle.png',
) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), filename);
  for (const [name, value] of fields) form.append(name, value);
  const response = await fetch(`${api.url}/v1/training-asset`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}` },
    body: form,
  });
  return { status: response.status, body: (await response.json()) as Json };
}

function untilAssetStatus(key: string, id: string, status: string) {
  return until(
    `asset ${id} ${status}`,
    async () => {
      const { body } = await api.bearer('GET', `/v1/assets/${id}`, key);
      return body.status === status && body;
    },
    { deadlineMs: 10_000 },
  );
}

describe('POST /v1/training-asset', () => {
  it('takes a multipart file with name and tags[] parts and answers 201 with the Asset', async () => {
    const png = await productImage('png', 300, 400);
    const response = await uploadFile(KEY, png, [
      ['name', 'Red bottle'],
      ['tags[]', 'bottle'],
      ['tags[]', 'red'],
    ]);
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      asset_id: expect.stringMatching(/^\d+$/),
      name: 'Red bottle',
      status: 'processing',
      url: expect.stringMatching(/\/cdn\/.+\.png$/),
      thumbnail_url: expect.stringMatching(/\/cdn\/.+\.jpg$/),
      width: 300,
      height: 400,
      file_size: png.length,
      format: 'png',
      tags: ['bottle', 'red'],
      created_at: expect.stringMatching(ISO),
    });
    expect(response.body).not.toHaveProperty('updated_at');
  });

  it('becomes ready with a real thumbnail; the asset url serves the image', async () => {
    const { body } = await uploadFile(KEY, await productImage('jpeg', 600, 300), [], 'wide.jpg');
    expect(body.format).toBe('jpeg');
    const ready = await untilAssetStatus(KEY, body.asset_id, 'ready');
    const thumbnail = await sharp((await download(ready.thumbnail_url)).bytes).metadata();
    expect([thumbnail.width, thumbnail.height]).toEqual([256, 128]);
    expect((await download(ready.url)).type).toBe('image/jpeg');
  });

  it('imports a URL given as JSON, with tags as an array; the name defaults to the file name', async () => {
    const response = await api.bearer('POST', '/v1/training-asset', KEY, {
      url: image,
      tags: ['imported'],
    });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      name: 'product.png',
      tags: ['imported'],
      width: 300,
      height: 400,
      format: 'png',
    });
  });

  it('ends failed when the image data turns out to be broken', async () => {
    const { status, body } = await uploadFile(KEY, await truncatedPng());
    expect(status).toBe(201);
    await untilAssetStatus(KEY, body.asset_id, 'failed');
  });

  it.each([
    ['neither file nor url', {}],
    ['tags that are not an array of strings', { url: 'http://127.0.0.1/x.png', tags: 'a,b' }],
    ['a url that is not http(s)', { url: 'file:///etc/passwd' }],
    ['a name that is not a string', { url: 'http://127.0.0.1/x.png', name: 3 }],
  ])('refuses %s with 400 { error: { code, message } }', async (_case, body) => {
    const response = await api.bearer('POST', '/v1/training-asset', KEY, body);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      error: { code: 'invalid_request', message: expect.any(String) },
    });
  });

  it('refuses both a file and a url', async () => {
    const response = await uploadFile(KEY, await productImage('png'), [['url', image]]);
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('invalid_request');
  });

  it('refuses non-image bytes and unreachable URLs with invalid_image', async () => {
    const text = await uploadFile(KEY, Buffer.from('plain text'), [], 'fake.png');
    expect(text.status).toBe(400);
    expect(text.body.error.code).toBe('invalid_image');
    const missing = await api.bearer('POST', '/v1/training-asset', KEY, {
      url: `${host.url}/missing.png`,
    });
    expect(missing.body.error).toEqual({
      code: 'invalid_image',
      message: expect.stringMatching(/not reachable/),
    });
  });
});

describe('the asset library', () => {
  const LIB = 'key-library';
  const ids: string[] = [];
  beforeAll(async () => {
    await api.control('POST', '/accounts', { key: LIB, credits: 0 });
    const png = await productImage('png', 64, 64);
    for (let i = 0; i < 5; i++) {
      const tags = i % 2 === 0 ? ['even', 'shoe'] : ['odd', 'shoe'];
      ids.push(
        (
          await uploadFile(LIB, png, [
            ['name', `asset ${i}`],
            ...tags.map((t): [string, string] => ['tags[]', t]),
          ])
        ).body.asset_id,
      );
    }
    for (const id of ids) await untilAssetStatus(LIB, id, 'ready');
  });

  it('lists summaries newest first without file_size and format, with total, limit, offset, has_more', async () => {
    const { status, body } = await api.bearer('GET', '/v1/my-uploaded-assets', LIB);
    expect(status).toBe(200);
    expect(body).toMatchObject({ total: 5, limit: 20, offset: 0, has_more: false });
    expect(body.assets.map((a: { asset_id: string }) => a.asset_id)).toEqual([...ids].reverse());
    expect(Object.keys(body.assets[0]).sort()).toEqual(
      [
        'asset_id',
        'created_at',
        'height',
        'name',
        'status',
        'tags',
        'thumbnail_url',
        'url',
        'width',
      ].sort(),
    );
  });

  it('pages with limit and offset', async () => {
    const first = await api.bearer('GET', '/v1/my-uploaded-assets?limit=2', LIB);
    expect(first.body).toMatchObject({ total: 5, limit: 2, offset: 0, has_more: true });
    expect(first.body.assets).toHaveLength(2);
    const last = await api.bearer('GET', '/v1/my-uploaded-assets?limit=2&offset=4', LIB);
    expect(last.body).toMatchObject({ total: 5, limit: 2, offset: 4, has_more: false });
    expect(last.body.assets.map((a: { asset_id: string }) => a.asset_id)).toEqual([ids[0]]);
  });

  it('accepts a page size of 100 and refuses 101, 0, and a negative offset', async () => {
    expect((await api.bearer('GET', '/v1/my-uploaded-assets?limit=100', LIB)).body.limit).toBe(100);
    for (const query of ['limit=101', 'limit=0', 'offset=-1', 'limit=abc']) {
      const response = await api.bearer('GET', `/v1/my-uploaded-assets?${query}`, LIB);
      expect(response.status, query).toBe(400);
      expect(response.body.error.code).toBe('invalid_request');
    }
  });

  it('filters by status', async () => {
    expect((await api.bearer('GET', '/v1/my-uploaded-assets?status=ready', LIB)).body.total).toBe(
      5,
    );
    expect((await api.bearer('GET', '/v1/my-uploaded-assets?status=failed', LIB)).body.total).toBe(
      0,
    );
    expect((await api.bearer('GET', '/v1/my-uploaded-assets?status=lost', LIB)).status).toBe(400);
  });

  it('filters by comma-separated tags (assets having all of them)', async () => {
    expect((await api.bearer('GET', '/v1/my-uploaded-assets?tags=even', LIB)).body.total).toBe(3);
    expect((await api.bearer('GET', '/v1/my-uploaded-assets?tags=shoe,odd', LIB)).body.total).toBe(
      2,
    );
    expect((await api.bearer('GET', '/v1/my-uploaded-assets?tags=odd,even', LIB)).body.total).toBe(
      0,
    );
  });

  it('gets one asset with file_size, format and updated_at', async () => {
    const { status, body } = await api.bearer('GET', `/v1/assets/${ids[0]}`, LIB);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      asset_id: ids[0],
      name: 'asset 0',
      status: 'ready',
      format: 'png',
      file_size: expect.any(Number),
    });
    expect(body.updated_at).toMatch(ISO);
  });

  it("answers 404 not_found for an unknown asset or another account's", async () => {
    expect((await api.bearer('GET', '/v1/assets/999999', LIB)).body).toEqual({
      error: { code: 'not_found', message: expect.any(String) },
    });
    expect((await api.bearer('GET', `/v1/assets/${ids[0]}`, KEY)).status).toBe(404);
    expect((await api.bearer('DELETE', `/v1/assets/${ids[0]}`, KEY)).status).toBe(404);
  });

  it('deletes an asset permanently: 204 with an empty body, then 404, its URL gone', async () => {
    const { body: asset } = await api.bearer('GET', `/v1/assets/${ids[4]}`, LIB);
    const response = await fetch(`${api.url}/v1/assets/${ids[4]}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${LIB}` },
    });
    expect(response.status).toBe(204);
    expect(await response.text()).toBe('');
    expect((await api.bearer('GET', `/v1/assets/${ids[4]}`, LIB)).status).toBe(404);
    expect((await download(asset.url)).status).toBe(404);
    expect((await api.bearer('GET', '/v1/my-uploaded-assets', LIB)).body.total).toBe(4);
  });

  it('lists assets uploaded through the current interface too', async () => {
    await api.control('POST', '/accounts', { key: 'key-both', credits: 0 });
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await productImage('webp'))]), 'x.webp');
    const uploaded = await fetch(`${api.url}/v1/api/upload-asset`, {
      method: 'POST',
      headers: { 'x-api-key': 'key-both' },
      body: form,
    });
    const { data } = (await uploaded.json()) as { data: { id: number; image_url: string } };
    const { body } = await api.bearer('GET', '/v1/my-uploaded-assets', 'key-both');
    expect(body.assets).toEqual([
      expect.objectContaining({ asset_id: String(data.id), url: data.image_url, name: 'x.webp' }),
    ]);
  });
});

describe('jobs in the earlier vocabulary', () => {
  it('a processing job has progress, started_at, model and num_images', async () => {
    const slow = await startApi({ jobMs: 5_000 });
    try {
      const { body } = await slow.post('/v1/api/generate', { model: 'gpt-2', prompt: 'x' });
      const job = await slow.bearer('GET', `/v1/jobs/${body.data.id}`, KEY);
      expect(job.status).toBe(200);
      expect(job.body).toEqual({
        job_id: String(body.data.id),
        status: 'processing',
        progress: expect.any(Number),
        created_at: expect.stringMatching(ISO),
        started_at: expect.stringMatching(ISO),
        model: 'gpt-2',
        num_images: 1,
      });
      expect(job.body.progress).toBeGreaterThanOrEqual(0);
      expect(job.body.progress).toBeLessThan(100);
    } finally {
      await slow.close();
    }
  });

  it('a queued job is pending: NOT_STARTED in the current interface, with progress 0 and no started_at', async () => {
    const slow = await startApi({ jobMs: 5_000 });
    try {
      await slow.control('POST', '/faults', { queueNextJob: 1 });
      const { body } = await slow.post('/v1/api/generate', { model: 'gpt-2', prompt: 'x' });
      expect(body.data.status).toBe('NOT_STARTED');
      expect((await slow.get(`/v1/api/job/${body.data.id}`)).body.data.status).toBe('NOT_STARTED');
      const job = await slow.bearer('GET', `/v1/jobs/${body.data.id}`, KEY);
      expect(job.body).toEqual({
        job_id: String(body.data.id),
        status: 'pending',
        progress: 0,
        created_at: expect.stringMatching(ISO),
        model: 'gpt-2',
        num_images: 1,
      });
    } finally {
      await slow.close();
    }
  });

  it('a completed job adds completed_at, images and tokens_used', async () => {
    const { body } = await api.post('/v1/api/generate', {
      model: 'kontext-pro',
      prompt: 'x',
      image_url: image,
    });
    const current = await api.settle(body.data.id, KEY);
    const job = await api.bearer('GET', `/v1/jobs/${body.data.id}`, KEY);
    expect(job.body).toEqual({
      job_id: String(body.data.id),
      status: 'completed',
      progress: 100,
      created_at: expect.stringMatching(ISO),
      started_at: expect.stringMatching(ISO),
      completed_at: expect.stringMatching(ISO),
      model: 'kontext-pro',
      num_images: 1,
      images: [{ url: current.image_url, width: 1024, height: 1024 }],
      tokens_used: 2,
    });
  });

  it('a failed job has failed_at and error { code: generation_failed, message }, and no progress', async () => {
    await api.control('POST', '/faults', { failNextJob: 1 });
    const { body } = await api.post('/v1/api/generate', {
      model: 'gpt-low',
      prompt: 'x',
      image_url: image,
    });
    expect((await api.settle(body.data.id, KEY)).status).toBe('ERROR');
    const job = await api.bearer('GET', `/v1/jobs/${body.data.id}`, KEY);
    expect(job.body).toEqual({
      job_id: String(body.data.id),
      status: 'failed',
      created_at: expect.stringMatching(ISO),
      started_at: expect.stringMatching(ISO),
      failed_at: expect.stringMatching(ISO),
      model: 'gpt-low',
      num_images: 1,
      error: { code: 'generation_failed', message: expect.any(String) },
    });
  });

  it("answers 404 not_found for another account's job", async () => {
    const { body } = await api.post('/v1/api/generate', { model: 'gpt-2', prompt: 'x' });
    const response = await api.bearer('GET', `/v1/jobs/${body.data.id}`, OTHER_KEY);
    expect(response.status).toBe(404);
    expect(response.body.error.code).toBe('not_found');
  });

  it('lists jobs newest first with job_id, status, model, num_images, created_at, completed_at; pages and filters', async () => {
    const LIST = 'key-jobs';
    await api.control('POST', '/accounts', { key: LIST, credits: 100 });
    const ids: number[] = [];
    for (let i = 0; i < 3; i++)
      ids.push(
        (await api.post('/v1/api/generate', { model: 'gpt-2', prompt: `p${i}` }, LIST)).body.data
          .id,
      );
    await api.control('POST', '/faults', { failNextJob: 1 });
    ids.push((await api.post('/v1/api/upscale', { image_url: image }, LIST)).body.data.id);
    for (const id of ids) await api.settle(id, LIST);

    const all = await api.bearer('GET', '/v1/jobs', LIST);
    expect(all.body).toMatchObject({ total: 4, limit: 20, offset: 0, has_more: false });
    expect(all.body.jobs.map((j: { job_id: string }) => j.job_id)).toEqual(
      ids.map(String).reverse(),
    );
    expect(all.body.jobs[0]).toEqual({
      job_id: String(ids[3]),
      status: 'failed',
      model: 'upscale',
      num_images: 1,
      created_at: expect.stringMatching(ISO),
      completed_at: null,
    });
    expect(all.body.jobs[1].completed_at).toMatch(ISO);

    const page = await api.bearer('GET', '/v1/jobs?limit=2&offset=1', LIST);
    expect(page.body).toMatchObject({ total: 4, limit: 2, offset: 1, has_more: true });
    expect(page.body.jobs.map((j: { job_id: string }) => j.job_id)).toEqual([
      String(ids[2]),
      String(ids[1]),
    ]);

    expect((await api.bearer('GET', '/v1/jobs?status=completed', LIST)).body.total).toBe(3);
    expect((await api.bearer('GET', '/v1/jobs?status=failed', LIST)).body.total).toBe(1);
    expect((await api.bearer('GET', '/v1/jobs?status=processing', LIST)).body.total).toBe(0);
    expect((await api.bearer('GET', '/v1/jobs?status=COMPLETED', LIST)).status).toBe(400);
    expect((await api.bearer('GET', '/v1/jobs?limit=101', LIST)).status).toBe(400);
  });
});
