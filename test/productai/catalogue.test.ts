import { describe, expect, it } from 'vitest';
import {
  estimateCredits,
  IMAGE_MODEL_IDS,
  IMAGE_MODELS,
  imageAspectRatiosFor,
  referencedImageIndexes,
  validateRequest,
  VIDEO_MODELS,
  videoImageMarker,
  type ImageModelId,
} from '../../src/productai/catalogue.ts';

const url = (n: number) => `https://images.example.com/product-${n}.png`;
const urls = (count: number) => Array.from({ length: count }, (_, i) => url(i + 1));
const messages = (kind: Parameters<typeof validateRequest>[0], body: unknown) =>
  validateRequest(kind, body).map((problem) => problem.message);

describe('image model catalogue (spec: generate, "Image models")', () => {
  // [model, credits, reference images, works without image_url]
  const table: [ImageModelId, number, number, boolean][] = [
    ['nanobanana2', 5, 5, false],
    ['nanobananapro', 8, 5, false],
    ['nanobanana', 3, 5, false],
    ['seedream-5-pro', 8, 10, false],
    ['seedream-5-lite', 3, 10, false],
    ['seedream', 3, 5, false],
    ['kontext-pro', 2, 1, false],
    ['kontext-max', 3, 1, false],
    ['gpt-2', 10, 5, true],
    ['gpt-1.5', 10, 5, true],
    ['gpt-high', 8, 1, false],
    ['gpt-medium', 3, 1, false],
    ['gpt-low', 2, 1, false],
  ];

  it('lists exactly the thirteen models of the spec', () => {
    expect([...IMAGE_MODEL_IDS].sort()).toEqual(table.map(([id]) => id).sort());
  });

  it.each(table)('%s costs %i credits and takes %i reference image(s)', (id, credits, max, t2i) => {
    expect(estimateCredits('image', { model: id, prompt: 'on marble' })).toBe(credits);
    expect(IMAGE_MODELS[id].maxReferenceImages).toBe(max);
    expect(IMAGE_MODELS[id].requiresImage).toBe(!t2i);
    expect(IMAGE_MODELS[id].description).not.toBe('');
  });

  it('gives the extended aspect ratios and resolution only to the nanobanana models', () => {
    const extended = IMAGE_MODEL_IDS.filter((id) => IMAGE_MODELS[id].acceptsExtendedAspectRatios);
    const resolution = IMAGE_MODEL_IDS.filter((id) => IMAGE_MODELS[id].acceptsResolution);
    expect(extended).toEqual(['nanobanana2', 'nanobananapro', 'nanobanana']);
    expect(resolution).toEqual(['nanobanana2', 'nanobananapro', 'nanobanana']);
    expect(imageAspectRatiosFor('nanobanana')).toEqual([
      'SQUARE',
      'LANDSCAPE',
      'PORTRAIT',
      '1:1',
      '4:3',
      '3:4',
      '5:4',
      '4:5',
      '16:9',
      '9:16',
    ]);
    expect(imageAspectRatiosFor('seedream')).toEqual(['SQUARE', 'LANDSCAPE', 'PORTRAIT']);
  });
});

describe('video pricing (spec: generate-video, "Video pricing")', () => {
  it.each([
    ['480p', 3],
    ['720p', 7],
    ['1080p', 15],
    ['4k', 60],
  ] as const)('seedance at %s costs %i credits per second', (resolution, rate) => {
    expect(
      estimateCredits('video', { model: 'seedance', prompt: 'turn', resolution, duration: 4 }),
    ).toBe(rate * 4);
    expect(
      estimateCredits('video', { model: 'seedance', prompt: 'turn', resolution, duration: 15 }),
    ).toBe(rate * 15);
  });

  it('bills seedance "auto" as 5 seconds: 35 credits at 720p and 75 at 1080p', () => {
    expect(estimateCredits('video', { model: 'seedance', prompt: 'x', duration: 'auto' })).toBe(35);
    expect(estimateCredits('video', { model: 'seedance', prompt: 'x', resolution: '1080p' })).toBe(
      75,
    );
  });

  it('prices seedance with its defaults (720p, auto) at 35 credits', () => {
    expect(estimateCredits('video', { model: 'seedance', prompt: 'x' })).toBe(35);
  });

  it('prices gemini-omni at 3 credits per second, 8 seconds by default', () => {
    const base = { model: 'gemini-omni', prompt: 'x', image_url: url(1) } as const;
    expect(estimateCredits('video', base)).toBe(24);
    expect(estimateCredits('video', { ...base, duration: 3 })).toBe(9);
    expect(estimateCredits('video', { ...base, duration: 10 })).toBe(30);
  });

  it('knows the defaults and limits of both video models', () => {
    expect(VIDEO_MODELS.seedance).toMatchObject({
      defaultResolution: '720p',
      defaultAspectRatio: 'auto',
      defaultDuration: 'auto',
      minSeconds: 4,
      maxSeconds: 15,
      minImages: 0,
      maxImages: 9,
      aspectRatios: ['auto', '21:9', '16:9', '4:3', '1:1', '3:4', '9:16'],
    });
    expect(VIDEO_MODELS['gemini-omni']).toMatchObject({
      defaultAspectRatio: '16:9',
      defaultDuration: 8,
      minSeconds: 3,
      maxSeconds: 10,
      minImages: 1,
      maxImages: 9,
      aspectRatios: ['16:9', '9:16'],
    });
  });
});

describe('upscale pricing', () => {
  it('is a flat 20 credits', () => {
    expect(estimateCredits('upscale', { image_url: url(1) })).toBe(20);
  });
});

describe('estimateCredits on input it cannot price', () => {
  it('throws on an unknown model', () => {
    expect(() => estimateCredits('image', { model: 'dall-e' as never, prompt: 'x' })).toThrow(
      /Unknown image model/,
    );
  });
});

describe('prompt markers for video reference images', () => {
  it('are @Image1.. for seedance and <IMAGE_REF_0>.. for gemini-omni', () => {
    expect(videoImageMarker('seedance', 0)).toBe('@Image1');
    expect(videoImageMarker('gemini-omni', 0)).toBe('<IMAGE_REF_0>');
    expect(referencedImageIndexes('seedance', '@Image2 spins, then @Image1')).toEqual([1, 0]);
    expect(referencedImageIndexes('gemini-omni', 'zoom on <IMAGE_REF_1>')).toEqual([1]);
  });
});

describe('validateRequest: image generation', () => {
  const valid = { model: 'nanobanana2', prompt: 'on a marble table', image_url: url(1) };

  it('accepts a minimal valid request and ignores unknown fields', () => {
    expect(validateRequest('image', { ...valid, extra: 1 })).toEqual([]);
  });

  it('requires model and prompt', () => {
    expect(messages('image', { image_url: url(1) })).toEqual([
      'model is required',
      'prompt is required',
    ]);
  });

  it('refuses an unknown model, naming the allowed ones', () => {
    expect(messages('image', { ...valid, model: 'dall-e' })[0]).toMatch(
      /^model must be one of: nanobanana2, nanobananapro/,
    );
  });

  it('refuses a blank prompt', () => {
    expect(messages('image', { ...valid, prompt: '  ' })).toEqual(['prompt is required']);
  });

  it('requires image_url except for gpt-2 and gpt-1.5', () => {
    expect(messages('image', { model: 'kontext-pro', prompt: 'x' })).toEqual([
      'image_url is required for model kontext-pro',
    ]);
    expect(validateRequest('image', { model: 'gpt-2', prompt: 'x' })).toEqual([]);
    expect(validateRequest('image', { model: 'gpt-1.5', prompt: 'x' })).toEqual([]);
  });

  it('refuses more reference images than a multi-image model takes', () => {
    expect(validateRequest('image', { ...valid, image_url: urls(5) })).toEqual([]);
    expect(messages('image', { ...valid, image_url: urls(6) })).toEqual([
      'model nanobanana2 accepts at most 5 reference images (got 6)',
    ]);
    expect(
      validateRequest('image', { ...valid, model: 'seedream-5-pro', image_url: urls(10) }),
    ).toEqual([]);
    expect(messages('image', { ...valid, model: 'seedream-5-lite', image_url: urls(11) })).toEqual([
      'model seedream-5-lite accepts at most 10 reference images (got 11)',
    ]);
  });

  it('lets a single-image model take an array (it uses the first URL)', () => {
    expect(
      validateRequest('image', { ...valid, model: 'kontext-max', image_url: urls(3) }),
    ).toEqual([]);
  });

  it('refuses image_url that is not an http(s) URL or a list of them', () => {
    expect(messages('image', { ...valid, image_url: 'ftp://x/y.png' })).toEqual([
      'image_url must be an http(s) URL: ftp://x/y.png',
    ]);
    expect(messages('image', { ...valid, image_url: [url(1), 3] })).toEqual([
      'image_url must be a URL or an array of URLs',
    ]);
  });

  it('accepts ratio strings only on the nanobanana models', () => {
    expect(validateRequest('image', { ...valid, aspect_ratio: '16:9' })).toEqual([]);
    expect(messages('image', { ...valid, model: 'seedream', aspect_ratio: '16:9' })).toEqual([
      'aspect_ratio must be one of: SQUARE, LANDSCAPE, PORTRAIT for model seedream',
    ]);
    expect(
      validateRequest('image', { ...valid, model: 'seedream', aspect_ratio: 'PORTRAIT' }),
    ).toEqual([]);
  });

  it('accepts resolution only on the nanobanana models, and only 1K/2K/4K', () => {
    expect(validateRequest('image', { ...valid, resolution: '4K' })).toEqual([]);
    expect(messages('image', { ...valid, resolution: '8K' })).toEqual([
      'resolution must be one of: 1K, 2K, 4K for model nanobanana2',
    ]);
    expect(messages('image', { ...valid, model: 'gpt-low', resolution: '1K' })).toEqual([
      'resolution is only accepted by models nanobanana2, nanobananapro, nanobanana',
    ]);
  });

  it('accepts output_format png or jpg', () => {
    expect(validateRequest('image', { ...valid, output_format: 'jpg' })).toEqual([]);
    expect(messages('image', { ...valid, output_format: 'webp' })).toEqual([
      'output_format must be one of: png, jpg',
    ]);
  });

  it('refuses a body that is not an object', () => {
    expect(messages('image', [valid])).toEqual(['The request body must be a JSON object']);
  });
});

describe('validateRequest: video generation', () => {
  const seedance = { model: 'seedance', prompt: 'a slow turn' };
  const omni = { model: 'gemini-omni', prompt: 'a slow turn', image_url: url(1) };

  it('lets seedance run text-to-video and take up to 9 images', () => {
    expect(validateRequest('video', seedance)).toEqual([]);
    expect(validateRequest('video', { ...seedance, image_url: urls(9) })).toEqual([]);
    expect(messages('video', { ...seedance, image_url: urls(10) })).toEqual([
      'model seedance accepts at most 9 reference images (got 10)',
    ]);
  });

  it('requires 1 to 9 images for gemini-omni', () => {
    expect(messages('video', { ...omni, image_url: undefined })).toEqual([
      'image_url is required for model gemini-omni',
    ]);
    expect(validateRequest('video', { ...omni, image_url: urls(9) })).toEqual([]);
    expect(messages('video', { ...omni, image_url: urls(10) })).toEqual([
      'model gemini-omni accepts at most 9 reference images (got 10)',
    ]);
  });

  it('takes seedance durations auto or 4-15 and gemini-omni durations 3-10', () => {
    for (const duration of ['auto', 4, 15]) {
      expect(validateRequest('video', { ...seedance, duration })).toEqual([]);
    }
    for (const duration of [3, 16, 5.5, '5']) {
      expect(messages('video', { ...seedance, duration })).toEqual([
        'duration must be auto or an integer from 4 to 15 (seconds) for model seedance',
      ]);
    }
    for (const duration of [3, 10]) {
      expect(validateRequest('video', { ...omni, duration })).toEqual([]);
    }
    for (const duration of ['auto', 2, 11]) {
      expect(messages('video', { ...omni, duration })).toEqual([
        'duration must be an integer from 3 to 10 (seconds) for model gemini-omni',
      ]);
    }
  });

  it('checks resolution and aspect ratio per model', () => {
    expect(
      validateRequest('video', { ...seedance, resolution: '4k', aspect_ratio: '21:9' }),
    ).toEqual([]);
    expect(messages('video', { ...seedance, resolution: '2160p' })).toEqual([
      'resolution must be one of: 480p, 720p, 1080p, 4k for model seedance',
    ]);
    expect(messages('video', { ...omni, aspect_ratio: '1:1' })).toEqual([
      'aspect_ratio must be one of: 16:9, 9:16 for model gemini-omni',
    ]);
    expect(messages('video', { ...omni, resolution: '1080p' })).toEqual([
      'resolution is only accepted by model seedance; gemini-omni renders 720p',
    ]);
  });

  it('takes generate_audio only on seedance, as a boolean', () => {
    expect(validateRequest('video', { ...seedance, generate_audio: false })).toEqual([]);
    expect(messages('video', { ...seedance, generate_audio: 'yes' })).toEqual([
      'generate_audio must be a boolean',
    ]);
    expect(messages('video', { ...omni, generate_audio: true })).toEqual([
      'generate_audio is only accepted by model seedance',
    ]);
  });

  it('refuses prompt markers for images that were not given', () => {
    expect(
      validateRequest('video', { ...seedance, prompt: '@Image2 on @Image1', image_url: urls(2) }),
    ).toEqual([]);
    expect(messages('video', { ...seedance, prompt: '@Image3 spins', image_url: urls(2) })).toEqual(
      ['prompt refers to @Image3 but 2 reference image(s) were given'],
    );
    expect(messages('video', { ...omni, prompt: '<IMAGE_REF_1> spins' })).toEqual([
      'prompt refers to <IMAGE_REF_1> but 1 reference image(s) were given',
    ]);
  });
});

describe('validateRequest: upscale', () => {
  it('requires one http(s) image_url', () => {
    expect(validateRequest('upscale', { image_url: url(1) })).toEqual([]);
    expect(messages('upscale', {})).toEqual(['image_url is required']);
    expect(messages('upscale', { image_url: urls(2) })).toEqual(['image_url must be a single URL']);
    expect(messages('upscale', { image_url: 'not a url' })).toEqual([
      'image_url must be an http(s) URL: not a url',
    ]);
  });
});
