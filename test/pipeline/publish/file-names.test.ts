/**
 * A result's file name comes from the product's handle and the scene of the prompt (named for
 * search), and its IPTC digital source type from its kind.
 */
import { describe, expect, it } from 'vitest';
import { fileNameBase } from '../../../src/pipeline/publish/file-names.ts';
import {
  COMPOSITE_WITH_TRAINED_ALGORITHMIC_MEDIA,
  TRAINED_ALGORITHMIC_MEDIA,
  provenanceOf,
} from '../../../src/pipeline/publish/provenance.ts';
import { DEFAULT_PRESETS } from '../../../src/stores/shop-settings.ts';

const photo = (prompt: string | undefined) => ({ kind: 'photo' as const, prompt });

describe('file names', () => {
  it('are the handle and the place the prompt puts the product', () => {
    expect(fileNameBase('leather-boot', photo('The product standing on a marble countertop'))).toBe(
      'leather-boot-marble-countertop',
    );
    expect(
      fileNameBase('leather-boot', photo('The product placed on a mossy rock in a sunlit forest')),
    ).toBe('leather-boot-mossy-rock');
    expect(
      fileNameBase('leather-boot', photo('Top-down flat lay of the product on pastel paper')),
    ).toBe('leather-boot-pastel-paper');
  });

  it('name every preset of the starter library by its place, in at most four words', () => {
    for (const preset of DEFAULT_PRESETS) {
      const scene = fileNameBase('mug', photo(preset.prompt)).slice('mug-'.length);
      expect(scene).toMatch(/^[a-z0-9]+(-[a-z0-9]+){0,3}$/);
      expect(scene).not.toMatch(/product|with|against/);
    }
  });

  it('say upscaled for an upscale and what was made when there is no prompt', () => {
    expect(fileNameBase('mug', { kind: 'upscale', prompt: 'ignored' })).toBe('mug-upscaled');
    expect(fileNameBase('mug', photo(undefined))).toBe('mug-ai-photo');
    expect(fileNameBase('mug', { kind: 'video', prompt: '' })).toBe('mug-ai-video');
  });

  it('are plain ASCII words, never longer than 80 characters', () => {
    expect(fileNameBase('crème-mug', photo('Crème brûlée on a café table'))).toBe(
      'creme-mug-cafe-table',
    );
    const long = fileNameBase('a'.repeat(200), photo('On a marble countertop'));
    expect(long.length).toBeLessThanOrEqual(80);
    expect(long.endsWith('-marble-countertop')).toBe(true);
  });
});

describe('digital source type', () => {
  const generation = {
    params: { model: 'nanobanana2', prompt: 'On marble' },
    productAiJobId: 7,
    transitions: [{ state: 'saving', at: '2026-11-24T08:00:00.000Z' }],
    updatedAt: '2026-11-24T08:01:00.000Z',
  };

  it('is composite for a photo made from the product images', () => {
    const made = provenanceOf({ ...generation, kind: 'photo', sourceMediaIds: ['m1'] });
    expect(made.digitalSourceType).toBe(COMPOSITE_WITH_TRAINED_ALGORITHMIC_MEDIA);
    expect(made.generatedAt).toBe('2026-11-24T08:00:00.000Z');
  });

  it('is trained algorithmic media for a prompt-only photo and an upscale', () => {
    expect(
      provenanceOf({ ...generation, kind: 'photo', sourceMediaIds: [] }).digitalSourceType,
    ).toBe(TRAINED_ALGORITHMIC_MEDIA);
    const upscale = provenanceOf({ ...generation, kind: 'upscale', sourceMediaIds: ['m1'] });
    expect(upscale.digitalSourceType).toBe(TRAINED_ALGORITHMIC_MEDIA);
    expect(upscale.prompt).toBeNull();
  });
});
