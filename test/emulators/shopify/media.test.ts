import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShopifyEmulator } from '../../../emulators/shopify/index.ts';
import {
  exchangeToken,
  graphql,
  startFileServer,
  startTestEmulator,
  SHOP,
} from './support/emulator.ts';
import { until } from '../../support/until.ts';

let emulator: ShopifyEmulator;
let token: string;
let files: Awaited<ReturnType<typeof startFileServer>>;
let productIds: string[];

const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();

beforeAll(async () => {
  files = await startFileServer({
    '/photo.png': { type: 'image/png', bytes: await solid(800, 600) },
    '/wide.png': { type: 'image/png', bytes: await solid(5000, 1000) },
    '/notes.txt': { type: 'text/plain', bytes: Buffer.from('not an image') },
  });
  emulator = await startTestEmulator({ productCount: 30, mediaProcessingMs: 200 });
  token = (await exchangeToken(emulator)).access_token;
  const result = await graphql<{ products: { nodes: { id: string }[] } }>(
    emulator,
    token,
    '{ products(first: 30) { nodes { id } } }',
  );
  productIds = result.data!.products.nodes.map((node) => node.id);
});
afterAll(async () => {
  await emulator.close();
  await files.close();
});

/** A product no other test touches. */
let nextProduct = 0;
const freshProduct = (): string => productIds[nextProduct++]!;

interface MediaNode {
  id: string;
  status: string;
  alt: string;
  mediaErrors: { code: string; message: string; details: string | null }[];
  image?: { url: string; width: number; height: number } | null;
}

const MEDIA = `id status alt mediaErrors { code message details } ... on MediaImage { image { url width height } }`;

async function addMedia(productId: string, originalSource: string, alt = 'added') {
  const result = await graphql<{
    productUpdate: {
      product: { media: { nodes: MediaNode[] } };
      userErrors: { message: string }[];
    };
  }>(
    emulator,
    token,
    `mutation ($id: ID!, $media: [CreateMediaInput!]) {
      productUpdate(product: { id: $id }, media: $media) {
        product { media(first: 20) { nodes { ${MEDIA} } } }
        userErrors { field message }
      }
    }`,
    { id: productId, media: [{ originalSource, mediaContentType: 'IMAGE', alt }] },
  );
  expect(result.data!.productUpdate.userErrors).toEqual([]);
  return result.data!.productUpdate.product.media.nodes.at(-1)!;
}

async function mediaOf(productId: string): Promise<MediaNode[]> {
  const result = await graphql<{ product: { media: { nodes: MediaNode[] } } }>(
    emulator,
    token,
    `query ($id: ID!) { product(id: $id) { media(first: 50) { nodes { ${MEDIA} } } } }`,
    { id: productId },
  );
  return result.data!.product.media.nodes;
}

/** Waits until the media has left UPLOADED/PROCESSING. */
function settled(productId: string, mediaId: string): Promise<MediaNode> {
  return until('the media to settle', async () => {
    const media = (await mediaOf(productId)).find((m) => m.id === mediaId);
    return media && (media.status === 'READY' || media.status === 'FAILED') ? media : undefined;
  });
}

describe('productUpdate with media', () => {
  it('adds an image that goes from UPLOADED to READY, served by the CDN', async () => {
    const product = freshProduct();
    const created = await addMedia(product, `${files.url}/photo.png`, 'A blue square');
    expect(created).toMatchObject({ status: 'UPLOADED', alt: 'A blue square', image: null });
    const ready = await settled(product, created.id);
    expect(ready).toMatchObject({
      status: 'READY',
      mediaErrors: [],
      image: { width: 800, height: 600 },
    });
    const response = await fetch(ready.image!.url);
    expect(response.status).toBe(200);
    expect((await sharp(Buffer.from(await response.arrayBuffer())).metadata()).width).toBe(800);
  });

  it('fails the media when the source cannot be downloaded', async () => {
    const product = freshProduct();
    const created = await addMedia(product, 'http://127.0.0.1:9/gone.jpg');
    const failed = await settled(product, created.id);
    expect(failed.status).toBe('FAILED');
    expect(failed.mediaErrors[0]!.code).toBe('IMAGE_DOWNLOAD_FAILURE');
  });

  it('fails an image over 4472 px a side', async () => {
    const product = freshProduct();
    const failed = await settled(product, (await addMedia(product, `${files.url}/wide.png`)).id);
    expect(failed.mediaErrors[0]).toMatchObject({
      code: 'INVALID_IMAGE_RESOLUTION',
      details: expect.stringContaining('5000x1000'),
    });
  });

  it('fails a source that is not an image', async () => {
    const product = freshProduct();
    const failed = await settled(product, (await addMedia(product, `${files.url}/notes.txt`)).id);
    expect(failed.mediaErrors[0]!.code).toBe('UNSUPPORTED_IMAGE_FILE_TYPE');
  });

  it('fails the next media when the control surface asks for it', async () => {
    await fetch(`${emulator.url}/__emulator/faults`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ mediaFailNext: 1 }),
    });
    const product = freshProduct();
    const failed = await settled(product, (await addMedia(product, `${files.url}/photo.png`)).id);
    expect(failed.status).toBe('FAILED');
    const next = await settled(product, (await addMedia(product, `${files.url}/photo.png`)).id);
    expect(next.status).toBe('READY');
  });

  it("keeps a fault that names a shop for that shop's media", async () => {
    await fetch(`${emulator.url}/__emulator/faults`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ mediaFailNext: 1, shop: 'another-shop.myshopify.com' }),
    });
    const product = freshProduct();
    const saved = await settled(product, (await addMedia(product, `${files.url}/photo.png`)).id);
    expect(saved.status).toBe('READY');
    const left = await fetch(`${emulator.url}/__emulator/faults`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ shop: 'another-shop.myshopify.com' }),
    });
    expect(((await left.json()) as { pending: { mediaFail: number } }).pending.mediaFail).toBe(1);
    await fetch(`${emulator.url}/__emulator/faults`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ clear: true }),
    });
  });

  it('answers a userError for a product that does not exist', async () => {
    const result = await graphql<{
      productUpdate: { userErrors: { field: string[]; message: string }[] };
    }>(
      emulator,
      token,
      'mutation { productUpdate(product: { id: "gid://shopify/Product/1" }) { userErrors { field message } } }',
    );
    expect(result.data!.productUpdate.userErrors).toEqual([
      { field: ['id'], message: 'Product does not exist' },
    ]);
  });
});

interface StagedTarget {
  url: string;
  resourceUrl: string;
  parameters: { name: string; value: string }[];
}

async function stage(input: Record<string, unknown>): Promise<StagedTarget> {
  const result = await graphql<{
    stagedUploadsCreate: { stagedTargets: StagedTarget[]; userErrors: unknown[] };
  }>(
    emulator,
    token,
    `
      mutation ($input: [StagedUploadInput!]!) {
        stagedUploadsCreate(input: $input) {
          stagedTargets {
            url
            resourceUrl
            parameters {
              name
              value
            }
          }
          userErrors {
            field
            message
          }
        }
      }
    `,
    { input: [input] },
  );
  expect(result.data!.stagedUploadsCreate.userErrors).toEqual([]);
  return result.data!.stagedUploadsCreate.stagedTargets[0]!;
}

interface FileNode {
  id: string;
  fileStatus: string;
  alt: string;
  fileErrors: { code: string }[];
  image?: { width: number; height: number } | null;
  sources?: { width: number; height: number; mimeType: string; url: string }[];
  duration?: number | null;
}

const FILE =
  'id ... on File { fileStatus alt fileErrors { code } } ... on MediaImage { image { width height } } ... on Video { sources { width height mimeType url } duration }';

async function createFile(
  originalSource: string,
  contentType: string,
  alt = '',
): Promise<FileNode> {
  const result = await graphql<{ fileCreate: { files: FileNode[]; userErrors: unknown[] } }>(
    emulator,
    token,
    `mutation ($files: [FileCreateInput!]!) { fileCreate(files: $files) { files { ${FILE} } userErrors { field message code } } }`,
    { files: [{ originalSource, contentType, alt }] },
  );
  expect(result.data!.fileCreate.userErrors).toEqual([]);
  return result.data!.fileCreate.files[0]!;
}

function fileSettled(id: string): Promise<FileNode> {
  return until('the file to settle', async () => {
    const result = await graphql<{ node: FileNode }>(
      emulator,
      token,
      `query ($id: ID!) { node(id: $id) { ${FILE} } }`,
      { id },
    );
    const file = result.data!.node;
    return file.fileStatus === 'READY' || file.fileStatus === 'FAILED' ? file : undefined;
  });
}

describe('staged uploads and files', () => {
  it('takes a PUT upload whose resourceUrl becomes a READY file', async () => {
    const bytes = await solid(640, 480);
    const target = await stage({
      filename: 'result.png',
      mimeType: 'image/png',
      resource: 'IMAGE',
      fileSize: String(bytes.length),
    });
    const put = await fetch(target.url, {
      method: 'PUT',
      headers: { 'Content-Type': 'image/png' },
      body: bytes,
    });
    expect(put.status).toBe(200);
    const created = await createFile(target.resourceUrl, 'IMAGE', 'generated');
    expect(created.fileStatus).toBe('UPLOADED');
    expect(await fileSettled(created.id)).toMatchObject({
      fileStatus: 'READY',
      image: { width: 640, height: 480 },
    });
  });

  it('takes a multipart POST upload with the given parameters', async () => {
    const bytes = await solid(320, 200);
    const target = await stage({
      filename: 'post.png',
      mimeType: 'image/png',
      resource: 'FILE',
      httpMethod: 'POST',
      fileSize: String(bytes.length),
    });
    const form = new FormData();
    for (const { name, value } of target.parameters) form.append(name, value);
    form.append('file', new Blob([bytes], { type: 'image/png' }), 'post.png');
    expect((await fetch(target.url, { method: 'POST', body: form })).status).toBe(201);
    const created = await createFile(target.resourceUrl, 'IMAGE');
    expect((await fileSettled(created.id)).fileStatus).toBe('READY');
  });

  it('finds a file by its exact filename', async () => {
    const target = await stage({
      filename: 'named-result.png',
      mimeType: 'image/png',
      resource: 'IMAGE',
    });
    await fetch(target.url, { method: 'PUT', body: await solid(10, 10) });
    const result = await graphql<{ fileCreate: { files: { id: string }[] } }>(
      emulator,
      token,
      'mutation ($files: [FileCreateInput!]!) { fileCreate(files: $files) { files { id } } }',
      {
        files: [
          {
            originalSource: target.resourceUrl,
            filename: 'named-result.png',
            contentType: 'IMAGE',
          },
        ],
      },
    );
    const found = await graphql<{ files: { nodes: { id: string }[] } }>(
      emulator,
      token,
      'query ($query: String!) { files(first: 5, query: $query) { nodes { id } } }',
      { query: 'filename:"named-result.png"' },
    );
    expect(found.data!.files.nodes).toEqual([{ id: result.data!.fileCreate.files[0]!.id }]);
  });

  it('refuses an upload whose size differs from the declared fileSize', async () => {
    const target = await stage({
      filename: 'a.png',
      mimeType: 'image/png',
      resource: 'IMAGE',
      fileSize: '10',
    });
    const put = await fetch(target.url, { method: 'PUT', body: Buffer.alloc(11) });
    expect(put.status).toBe(400);
    expect(await put.text()).toContain('EntityTooLarge');
  });

  it('requires fileSize for videos', async () => {
    const result = await graphql<{ stagedUploadsCreate: { userErrors: { field: string[] }[] } }>(
      emulator,
      token,
      'mutation { stagedUploadsCreate(input: [{ filename: "v.mp4", mimeType: "video/mp4", resource: VIDEO }]) { userErrors { field message } } }',
    );
    expect(result.data!.stagedUploadsCreate.userErrors[0]!.field).toEqual([
      'input',
      '0',
      'fileSize',
    ]);
  });

  it('turns an uploaded MP4 into a READY video with its size and duration', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'emu-video-'));
    const path = join(dir, 'clip.mp4');
    await promisify(execFile)(ffmpeg.path, [
      '-loglevel',
      'error',
      '-f',
      'lavfi',
      '-i',
      'testsrc=duration=1:size=160x120:rate=10',
      '-pix_fmt',
      'yuv420p',
      '-c:v',
      'libx264',
      path,
    ]);
    const bytes = await readFile(path);
    await rm(dir, { recursive: true });
    const target = await stage({
      filename: 'clip.mp4',
      mimeType: 'video/mp4',
      resource: 'VIDEO',
      httpMethod: 'POST',
      fileSize: String(bytes.length),
    });
    const form = new FormData();
    for (const { name, value } of target.parameters) form.append(name, value);
    form.append('file', new Blob([bytes], { type: 'video/mp4' }), 'clip.mp4');
    expect((await fetch(target.url, { method: 'POST', body: form })).ok).toBe(true);
    const video = await fileSettled((await createFile(target.resourceUrl, 'VIDEO')).id);
    expect(video).toMatchObject({
      fileStatus: 'READY',
      duration: 1000,
      sources: [{ width: 160, height: 120, mimeType: 'video/mp4' }],
    });
    expect((await fetch(video.sources![0]!.url)).headers.get('content-type')).toBe('video/mp4');
  });
});

describe('fileUpdate references', () => {
  const UPDATE = `mutation ($files: [FileUpdateInput!]!) {
    fileUpdate(files: $files) { files { id alt } userErrors { field message code } }
  }`;

  async function readyImageFile(): Promise<string> {
    const created = await createFile(`${files.url}/photo.png`, 'IMAGE', 'result');
    return (await fileSettled(created.id)).id;
  }

  it('links a file into a product’s media, then unlinks it and keeps the file', async () => {
    const product = freshProduct();
    const before = (await mediaOf(product)).length;
    const fileId = await readyImageFile();
    const linked = await graphql<{ fileUpdate: { userErrors: unknown[] } }>(
      emulator,
      token,
      UPDATE,
      {
        files: [{ id: fileId, alt: 'On the product', referencesToAdd: [product] }],
      },
    );
    expect(linked.data!.fileUpdate.userErrors).toEqual([]);
    const media = await mediaOf(product);
    expect(media).toHaveLength(before + 1);
    expect(media.at(-1)).toMatchObject({ id: fileId, alt: 'On the product', status: 'READY' });

    await graphql(emulator, token, UPDATE, {
      files: [{ id: fileId, referencesToRemove: [product] }],
    });
    expect((await mediaOf(product)).map((m) => m.id)).not.toContain(fileId);
    const stillThere = await graphql<{ node: { id: string } | null }>(
      emulator,
      token,
      'query ($id: ID!) { node(id: $id) { id } }',
      { id: fileId },
    );
    expect(stillThere.data!.node).toEqual({ id: fileId });
  });

  it('refuses to update a file that is not READY yet', async () => {
    const created = await createFile(`${files.url}/photo.png`, 'IMAGE');
    const result = await graphql<{ fileUpdate: { userErrors: { code: string }[] } }>(
      emulator,
      token,
      UPDATE,
      {
        files: [{ id: created.id, referencesToAdd: [freshProduct()] }],
      },
    );
    expect(result.data!.fileUpdate.userErrors[0]!.code).toBe('NON_READY_STATE');
  });

  it('refuses a reference to a product that does not exist', async () => {
    const result = await graphql<{ fileUpdate: { userErrors: { code: string }[] } }>(
      emulator,
      token,
      UPDATE,
      {
        files: [{ id: await readyImageFile(), referencesToAdd: ['gid://shopify/Product/1'] }],
      },
    );
    expect(result.data!.fileUpdate.userErrors[0]!.code).toBe('REFERENCE_TARGET_DOES_NOT_EXIST');
  });

  it('deletes a file and takes it out of product media', async () => {
    const product = freshProduct();
    const fileId = await readyImageFile();
    await graphql(emulator, token, UPDATE, { files: [{ id: fileId, referencesToAdd: [product] }] });
    const result = await graphql<{ fileDelete: { deletedFileIds: string[] } }>(
      emulator,
      token,
      'mutation ($ids: [ID!]!) { fileDelete(fileIds: $ids) { deletedFileIds userErrors { message } } }',
      { ids: [fileId] },
    );
    expect(result.data!.fileDelete.deletedFileIds).toEqual([fileId]);
    expect((await mediaOf(product)).map((m) => m.id)).not.toContain(fileId);
  });
});

describe('productReorderMedia', () => {
  it('moves a media to a new position and returns a job that finishes', async () => {
    const product = freshProduct();
    const added = await addMedia(product, `${files.url}/photo.png`);
    await settled(product, added.id);
    const result = await graphql<{
      productReorderMedia: { job: { id: string; done: boolean }; mediaUserErrors: unknown[] };
    }>(
      emulator,
      token,
      'mutation ($id: ID!, $moves: [MoveInput!]!) { productReorderMedia(id: $id, moves: $moves) { job { id done } mediaUserErrors { code message } } }',
      { id: product, moves: [{ id: added.id, newPosition: '0' }] },
    );
    expect(result.data!.productReorderMedia.mediaUserErrors).toEqual([]);
    expect((await mediaOf(product))[0]!.id).toBe(added.id);
    const jobId = result.data!.productReorderMedia.job.id;
    await until('the reorder job done', async () => {
      const job = await graphql<{ job: { done: boolean } }>(
        emulator,
        token,
        'query ($id: ID!) { job(id: $id) { done } }',
        { id: jobId },
      );
      return job.data!.job.done ? true : undefined;
    });
  });
});

describe('control surface', () => {
  it('lists a product’s media with status, alt, URL and position', async () => {
    const product = freshProduct();
    const added = await addMedia(product, `${files.url}/photo.png`, 'checked by a test');
    await settled(product, added.id);
    const numericId = product.split('/').at(-1);
    const response = await fetch(
      `${emulator.url}/__emulator/shops/${SHOP}/products/${numericId}/media`,
    );
    const body = (await response.json()) as {
      media: { id: string; status: string; alt: string; position: number; url: string }[];
    };
    const entry = body.media.find((m) => m.id === added.id)!;
    expect(entry).toMatchObject({
      status: 'READY',
      alt: 'checked by a test',
      position: body.media.length - 1,
    });
    expect(entry.url).toContain('/cdn/shops/');
    const page = await fetch(`${emulator.url}/__emulator/shops/${SHOP}/products/${numericId}`);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(await page.text()).toContain('checked by a test');
  });
});
