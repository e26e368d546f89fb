/**
 * The client refuses exactly what the service refuses: each body of the table goes both through
 * the catalogue's `validateRequest` and, raw, to the emulator; a refusal on one side is a 400
 * with the same message on the other, and an accepted body is accepted by both.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { validateRequest, type RequestKind } from '../../src/productai/index.ts';
import { startEmulatorWithImages, type ImageHost, type TestEmulator } from './support/emulator.ts';

let emulator: TestEmulator;
let images: ImageHost;

beforeAll(async () => {
  const started = await startEmulatorWithImages({
    accounts: { parity: 10_000_000 },
    jobMs: 60_000,
  });
  ({ emulator, images } = started);
  // Accepted jobs fail at once instead of rendering: this file tests acceptance, not results.
  await emulator.faults({ failNextJob: 1_000 });
  return started.close;
});

const PATHS: Record<RequestKind, string> = {
  image: '/v1/api/generate',
  video: '/v1/api/generate-video',
  upscale: '/v1/api/upscale',
};

type Case = [name: string, kind: RequestKind, body: (img: (n?: number) => string) => unknown];
const many = (img: (n?: number) => string, count: number) =>
  Array.from({ length: count }, (_, i) => img(i + 1));

const CASES: Case[] = [
  ['image: minimal', 'image', (img) => ({ model: 'nanobanana2', prompt: 'p', image_url: img() })],
  ['image: no model', 'image', (img) => ({ prompt: 'p', image_url: img() })],
  ['image: unknown model', 'image', (img) => ({ model: 'sd3', prompt: 'p', image_url: img() })],
  ['image: no prompt', 'image', (img) => ({ model: 'nanobanana', image_url: img() })],
  [
    'image: blank prompt',
    'image',
    (img) => ({ model: 'nanobanana', prompt: ' ', image_url: img() }),
  ],
  [
    'image: prompt not text',
    'image',
    (img) => ({ model: 'nanobanana', prompt: 5, image_url: img() }),
  ],
  ['image: no image on kontext-pro', 'image', () => ({ model: 'kontext-pro', prompt: 'p' })],
  ['image: no image on gpt-1.5', 'image', () => ({ model: 'gpt-1.5', prompt: 'p' })],
  [
    'image: 5 images on nanobananapro',
    'image',
    (img) => ({ model: 'nanobananapro', prompt: 'p', image_url: many(img, 5) }),
  ],
  [
    'image: 6 images on seedream',
    'image',
    (img) => ({ model: 'seedream', prompt: 'p', image_url: many(img, 6) }),
  ],
  [
    'image: 10 images on seedream-5-pro',
    'image',
    (img) => ({ model: 'seedream-5-pro', prompt: 'p', image_url: many(img, 10) }),
  ],
  [
    'image: 11 images on seedream-5-lite',
    'image',
    (img) => ({ model: 'seedream-5-lite', prompt: 'p', image_url: many(img, 11) }),
  ],
  [
    'image: 3 images on gpt-high',
    'image',
    (img) => ({ model: 'gpt-high', prompt: 'p', image_url: many(img, 3) }),
  ],
  ['image: image_url a number', 'image', () => ({ model: 'gpt-2', prompt: 'p', image_url: 42 })],
  [
    'image: image_url not http',
    'image',
    () => ({ model: 'gpt-low', prompt: 'p', image_url: 'file:///etc/passwd' }),
  ],
  [
    'image: 9:16 on nanobanana',
    'image',
    (img) => ({ model: 'nanobanana', prompt: 'p', image_url: img(), aspect_ratio: '9:16' }),
  ],
  [
    'image: 9:16 on kontext-max',
    'image',
    (img) => ({ model: 'kontext-max', prompt: 'p', image_url: img(), aspect_ratio: '9:16' }),
  ],
  [
    'image: lower-case square',
    'image',
    (img) => ({ model: 'gpt-medium', prompt: 'p', image_url: img(), aspect_ratio: 'square' }),
  ],
  [
    'image: 4K on nanobananapro',
    'image',
    (img) => ({ model: 'nanobananapro', prompt: 'p', image_url: img(), resolution: '4K' }),
  ],
  [
    'image: 2K on seedream',
    'image',
    (img) => ({ model: 'seedream', prompt: 'p', image_url: img(), resolution: '2K' }),
  ],
  [
    'image: 3K on nanobanana2',
    'image',
    (img) => ({ model: 'nanobanana2', prompt: 'p', image_url: img(), resolution: '3K' }),
  ],
  [
    'image: jpg output',
    'image',
    (img) => ({ model: 'gpt-low', prompt: 'p', image_url: img(), output_format: 'jpg' }),
  ],
  [
    'image: jpeg output',
    'image',
    (img) => ({ model: 'gpt-low', prompt: 'p', image_url: img(), output_format: 'jpeg' }),
  ],
  ['image: body is an array', 'image', () => [1, 2]],
  ['video: seedance text-to-video', 'video', () => ({ model: 'seedance', prompt: 'p' })],
  [
    'video: seedance 9 images, markers',
    'video',
    (img) => ({ model: 'seedance', prompt: '@Image1 and @Image9', image_url: many(img, 9) }),
  ],
  [
    'video: seedance 10 images',
    'video',
    (img) => ({ model: 'seedance', prompt: 'p', image_url: many(img, 10) }),
  ],
  [
    'video: seedance marker beyond images',
    'video',
    (img) => ({ model: 'seedance', prompt: '@Image2', image_url: img() }),
  ],
  [
    'video: seedance 4k 15 s 21:9 silent',
    'video',
    () => ({
      model: 'seedance',
      prompt: 'p',
      resolution: '4k',
      duration: 15,
      aspect_ratio: '21:9',
      generate_audio: false,
    }),
  ],
  ['video: seedance 3 s', 'video', () => ({ model: 'seedance', prompt: 'p', duration: 3 })],
  ['video: seedance 16 s', 'video', () => ({ model: 'seedance', prompt: 'p', duration: 16 })],
  [
    'video: seedance duration "6"',
    'video',
    () => ({ model: 'seedance', prompt: 'p', duration: '6' }),
  ],
  [
    'video: seedance 1440p',
    'video',
    () => ({ model: 'seedance', prompt: 'p', resolution: '1440p' }),
  ],
  ['video: seedance 2:3', 'video', () => ({ model: 'seedance', prompt: 'p', aspect_ratio: '2:3' })],
  [
    'video: seedance audio "yes"',
    'video',
    () => ({ model: 'seedance', prompt: 'p', generate_audio: 'yes' }),
  ],
  [
    'video: gemini-omni minimal',
    'video',
    (img) => ({ model: 'gemini-omni', prompt: '<IMAGE_REF_0> p', image_url: img() }),
  ],
  ['video: gemini-omni no image', 'video', () => ({ model: 'gemini-omni', prompt: 'p' })],
  [
    'video: gemini-omni auto duration',
    'video',
    (img) => ({ model: 'gemini-omni', prompt: 'p', image_url: img(), duration: 'auto' }),
  ],
  [
    'video: gemini-omni 3 s 9:16',
    'video',
    (img) => ({
      model: 'gemini-omni',
      prompt: 'p',
      image_url: img(),
      duration: 3,
      aspect_ratio: '9:16',
    }),
  ],
  [
    'video: gemini-omni 11 s',
    'video',
    (img) => ({ model: 'gemini-omni', prompt: 'p', image_url: img(), duration: 11 }),
  ],
  [
    'video: gemini-omni 1:1',
    'video',
    (img) => ({ model: 'gemini-omni', prompt: 'p', image_url: img(), aspect_ratio: '1:1' }),
  ],
  [
    'video: gemini-omni 1080p',
    'video',
    (img) => ({ model: 'gemini-omni', prompt: 'p', image_url: img(), resolution: '1080p' }),
  ],
  [
    'video: gemini-omni audio',
    'video',
    (img) => ({ model: 'gemini-omni', prompt: 'p', image_url: img(), generate_audio: true }),
  ],
  ['video: an image model', 'video', () => ({ model: 'nanobanana', prompt: 'p' })],
  ['upscale: one image', 'upscale', (img) => ({ image_url: img() })],
  ['upscale: no image', 'upscale', () => ({})],
  ['upscale: two images', 'upscale', (img) => ({ image_url: many(img, 2) })],
  ['upscale: not a URL', 'upscale', () => ({ image_url: 'product.png' })],
];

describe('validation parity between the client and the service', () => {
  it.each(CASES)('%s', async (_name, kind, build) => {
    const body = build(images.image);
    const problems = validateRequest(kind, body);
    const response = await fetch(emulator.url + PATHS[kind], {
      method: 'POST',
      headers: { 'x-api-key': 'parity', 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const answer = (await response.json()) as { message?: string };
    if (problems.length === 0) {
      expect(response.status, JSON.stringify(answer)).toBe(200);
    } else {
      expect(response.status).toBe(400);
      expect(answer.message).toBe(problems[0]!.message);
    }
  });

  it('covers both outcomes for every kind', () => {
    for (const kind of ['image', 'video', 'upscale'] as const) {
      const outcomes = CASES.filter(([, k]) => k === kind).map(
        ([, , build]) => validateRequest(kind, build(images.image)).length === 0,
      );
      expect(new Set(outcomes)).toEqual(new Set([true, false]));
    }
  });
});
