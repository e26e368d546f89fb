/**
 * The earlier interface (/v1, Bearer, bare objects) of the client against the emulator: the
 * asset library, job reads and lists, and the iterators that page through everything.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { ProductAiError } from '../../src/productai/index.ts';
import { startEmulatorWithImages, type ImageHost, type TestEmulator } from './support/emulator.ts';

let emulator: TestEmulator;

/** A fetch that records the path and query of each request it passes on. */
function countingFetch(paths: string[]): typeof fetch {
  return (input, init) => {
    const url = new URL(input instanceof Request ? input.url : input);
    paths.push(url.pathname + url.search);
    return globalThis.fetch(input, init);
  };
}
let images: ImageHost;

beforeAll(async () => {
  const started = await startEmulatorWithImages({
    accounts: { lib: 1_000, jobs: 100_000, pages: 100_000, stranger: 10 },
    jobMs: 200,
  });
  ({ emulator, images } = started);
  return started.close;
});

describe('training assets', () => {
  it('creates an asset from a file (multipart) with its name and tags', async () => {
    const asset = await emulator.client('lib').createTrainingAsset({
      file: images.png,
      filename: 'mug.png',
      name: 'Blue mug',
      tags: ['mugs', 'spring'],
    });
    expect(asset).toMatchObject({
      name: 'Blue mug',
      tags: ['mugs', 'spring'],
      format: 'png',
      width: 96,
      height: 96,
      statusKnown: true,
    });
    expect(['processing', 'ready']).toContain(asset.status);
    expect(asset.file_size).toBe(images.png.length);
    expect(asset.asset_id).not.toBe('');
  });

  it('creates an asset from a URL (JSON)', async () => {
    const asset = await emulator
      .client('lib')
      .createTrainingAsset({ url: images.image(7), tags: ['imported'] });
    expect(asset).toMatchObject({ tags: ['imported'], format: 'png' });
  });

  it('refuses both a file and a URL before sending', async () => {
    const error = (await emulator
      .client('lib')
      .createTrainingAsset({ file: images.png, url: images.image() })
      .catch((e: unknown) => e)) as ProductAiError;
    expect(error).toMatchObject({ code: 'validation', received: 'no' });
    expect(error.problems[0]?.message).toBe('Give exactly one of file or url');
  });

  it('is validation when the service cannot use the image', async () => {
    await expect(
      emulator.client('lib').createTrainingAsset({ url: images.notAnImage }),
    ).rejects.toMatchObject({ code: 'validation', status: 400 });
  });

  it('reads an asset with updated_at, and deletes it', async () => {
    const client = emulator.client('lib');
    const created = await client.createTrainingAsset({ url: images.image(8), name: 'Doomed' });
    const read = await client.getAsset(created.asset_id);
    expect(read).toMatchObject({ asset_id: created.asset_id, name: 'Doomed' });
    expect(read.updated_at).toEqual(expect.any(String));
    await client.deleteAsset(created.asset_id);
    await expect(client.getAsset(created.asset_id)).rejects.toMatchObject({
      code: 'not_found',
      status: 404,
    });
  });

  it("does not show another account's asset", async () => {
    const created = await emulator.client('lib').createTrainingAsset({ url: images.image(9) });
    await expect(emulator.client('stranger').getAsset(created.asset_id)).rejects.toMatchObject({
      code: 'not_found',
    });
  });

  it('lists one page, filtered by tags and status', async () => {
    const client = emulator.client('lib');
    await client.createTrainingAsset({ url: images.image(10), tags: ['summer', 'hats'] });
    await client.createTrainingAsset({ url: images.image(11), tags: ['summer'] });
    const page = await client.listAssets({ tags: ['summer', 'hats'], limit: 10 });
    expect(page).toMatchObject({ total: 1, limit: 10, offset: 0, has_more: false });
    expect(page.assets[0]?.tags).toEqual(['summer', 'hats']);
    expect(page.assets[0]).not.toHaveProperty('file_size');
    await expect
      .poll(async () => (await client.listAssets({ status: 'ready' })).total)
      .toBeGreaterThan(0);
  });

  it('refuses a page size over 100 before sending', async () => {
    await expect(emulator.client('lib').listAssets({ limit: 101 })).rejects.toMatchObject({
      code: 'validation',
      received: 'no',
    });
  });
});

describe('earlier-interface authentication', () => {
  it('is missing_key (401) without a key and invalid_key (403) with a wrong one', async () => {
    await expect(emulator.client('').listAssets()).rejects.toMatchObject({ code: 'missing_key' });
    await expect(emulator.client('wrong').listJobs()).rejects.toMatchObject({
      code: 'invalid_key',
    });
  });
});

describe('earlier-interface jobs', () => {
  it('reads a job submitted on the current interface, in the earlier vocabulary', async () => {
    const client = emulator.client('jobs');
    const { id } = await client.generate({
      model: 'gpt-low',
      prompt: 'x',
      image_url: images.image(),
    });
    await client.waitForJob(id, { kind: 'image' });
    const job = await client.getLegacyJob(String(id));
    expect(job).toMatchObject({
      job_id: String(id),
      status: 'completed',
      statusKnown: true,
      progress: 100,
      model: 'gpt-low',
      tokens_used: 2,
    });
    expect(job.images?.[0]?.url).toMatch(/^http/);
  });

  it('reads a failed job with its error', async () => {
    const client = emulator.client('jobs');
    await emulator.faults({ failNextJob: 1 });
    const { id } = await client.generate({ model: 'gpt-2', prompt: 'fails' });
    await client.waitForJob(id, { kind: 'image' });
    const job = await client.getLegacyJob(String(id));
    expect(job).toMatchObject({ status: 'failed', error: { code: 'generation_failed' } });
    expect(job.progress).toBeUndefined();
  });

  it('is job_not_found for an unknown job', async () => {
    await expect(emulator.client('jobs').getLegacyJob('424242')).rejects.toMatchObject({
      code: 'job_not_found',
    });
  });

  it('lists one page of jobs', async () => {
    const page = await emulator.client('jobs').listJobs({ limit: 1 });
    expect(page).toMatchObject({ limit: 1, offset: 0, has_more: true });
    expect(page.jobs).toHaveLength(1);
  });
});

describe('iterators over every page', () => {
  const COUNT = 105; // more than one page of the maximum size (100)

  it('iterateJobs yields every job once, across pages', async () => {
    const client = emulator.client('pages');
    await emulator.faults({ failNextJob: COUNT }); // failed jobs render nothing: a fast setup
    const submitted = new Set<string>();
    for (let i = 0; i < COUNT; i += 1) {
      submitted.add(String((await client.generate({ model: 'gpt-2', prompt: `p${i}` })).id));
    }
    const pages: string[] = [];
    const counted = emulator.client('pages', { fetch: countingFetch(pages) });
    const seen: string[] = [];
    for await (const job of counted.iterateJobs()) seen.push(job.job_id);
    expect(seen).toHaveLength(COUNT);
    expect(new Set(seen)).toEqual(submitted);
    expect(pages).toEqual(['/v1/jobs?limit=100&offset=0', '/v1/jobs?limit=100&offset=100']);
  });

  it('iterateJobs pages with a given page size and starting offset', async () => {
    const client = emulator.client('pages');
    const all: string[] = [];
    for await (const job of client.iterateJobs({ limit: 30 })) all.push(job.job_id);
    const fromTen: string[] = [];
    for await (const job of client.iterateJobs({ limit: 30, offset: 10 })) fromTen.push(job.job_id);
    expect(all).toHaveLength(COUNT);
    expect(fromTen).toEqual(all.slice(10));
  });

  it('iterateAssets yields every asset once, across pages', async () => {
    const client = emulator.client('pages');
    const created = new Set<string>();
    for (let i = 0; i < COUNT; i += 1) {
      created.add(
        (await client.createTrainingAsset({ url: images.image(i), tags: ['bulk'] })).asset_id,
      );
    }
    const seen: string[] = [];
    for await (const asset of client.iterateAssets({ tags: ['bulk'] })) seen.push(asset.asset_id);
    expect(seen).toHaveLength(COUNT);
    expect(new Set(seen)).toEqual(created);
  });

  it('fetches only the pages the consumer reaches', async () => {
    const pages: string[] = [];
    const client = emulator.client('pages', { fetch: countingFetch(pages) });
    const first: string[] = [];
    for await (const asset of client.iterateAssets({ limit: 2 })) {
      first.push(asset.asset_id);
      if (first.length === 3) break;
    }
    expect(first).toHaveLength(3);
    expect(pages).toEqual([
      '/v1/my-uploaded-assets?limit=2&offset=0',
      '/v1/my-uploaded-assets?limit=2&offset=2',
    ]);
  });
});
