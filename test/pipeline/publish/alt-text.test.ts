/**
 * Alt text says what the result is, written from the result, not from the prompt's wishes
 * ("pure white studio background" from the prompt sat under a teal backdrop): the default says
 * only what the app knows for sure, the product, the kind of image and a plain background's
 * colour as the result's pixels show it, as a phrase under 125 characters.
 */
import { describe, expect, it } from 'vitest';
import {
  ALT_LANGUAGES,
  altLanguageOf,
  type AltLanguage,
} from '../../../src/pipeline/publish/alt-phrases.ts';
import { renderAltText } from '../../../src/pipeline/publish/alt-text.ts';
import { DEFAULT_ALT_TEMPLATE, DEFAULT_PRESETS } from '../../../src/stores/shop-settings.ts';

const alt = (
  kind: 'photo' | 'video' | 'upscale',
  prompt: string | undefined,
  productTitle = 'Ceramic mug',
) => renderAltText(DEFAULT_ALT_TEMPLATE, { productTitle, kind, prompt });

describe('the default alt text', () => {
  it('names the product and the kind of image, whatever the prompt wished for', () => {
    expect(alt('photo', 'On a pure white studio background, soft shadow')).toBe(
      'Ceramic mug in an AI-generated photo',
    );
    expect(alt('video', 'Slow turn on a marble counter')).toBe(
      'Ceramic mug in an AI-generated video',
    );
    expect(alt('upscale', undefined)).toBe('Ceramic mug in an upscaled photo');
  });

  it('says the colour of a plain background the result shows, not the one the prompt asked for', () => {
    expect(
      renderAltText(DEFAULT_ALT_TEMPLATE, {
        productTitle: 'Ceramic mug',
        kind: 'photo',
        prompt: 'On a pure white studio background',
        backdrop: 'teal',
      }),
    ).toBe('Ceramic mug in an AI-generated photo on a teal background');
  });

  it('names no background for a video, whose frames the app does not read', () => {
    expect(
      renderAltText(DEFAULT_ALT_TEMPLATE, {
        productTitle: 'Ceramic mug',
        kind: 'video',
        prompt: undefined,
        backdrop: 'teal',
      }),
    ).toBe('Ceramic mug in an AI-generated video');
  });

  it('never repeats the prompt’s words: no preset of the starter library reaches it', () => {
    for (const preset of DEFAULT_PRESETS) {
      const text = alt('photo', preset.prompt, 'Terracotta Canvas Sneaker');
      expect(text).toBe('Terracotta Canvas Sneaker in an AI-generated photo');
    }
  });

  it('stays under 125 characters, a long title cut at a word, the kind of image kept whole', () => {
    const title =
      'Hand-thrown stoneware coffee mug with speckled glaze, wide handle and a dishwasher-safe matte finish in sand';
    const text = alt('photo', 'On a weathered oak table', title);
    expect(text.length).toBeLessThan(125);
    expect(text).toMatch(/^Hand-thrown stoneware coffee mug .* in an AI-generated photo$/);
    expect(title).toContain(text.replace(' in an AI-generated photo', ''));
  });

  it('keeps a merchant template with the whole prompt as it was', () => {
    expect(
      renderAltText('{productTitle} – {prompt}', {
        productTitle: 'Mug',
        kind: 'photo',
        prompt: 'On a table.',
      }),
    ).toBe('Mug – On a table.');
  });

  it('leaves no dangling separator where a placeholder is empty', () => {
    expect(
      renderAltText('{productTitle} – {prompt}', {
        productTitle: 'Mug',
        kind: 'upscale',
        prompt: undefined,
      }),
    ).toBe('Mug');
  });
});

describe('the alt text in the shop’s languages', () => {
  const scene = (language: AltLanguage, backdrop: string | null, productTitle = 'Mug') =>
    renderAltText(DEFAULT_ALT_TEMPLATE, {
      productTitle,
      kind: 'photo',
      prompt: undefined,
      backdrop,
      language,
    });

  it('says the kind of image and the background’s colour in the language’s own words', () => {
    expect(scene('fr', 'teal')).toBe('Mug dans une photo générée par IA sur fond bleu canard');
    expect(scene('de', 'dark blue')).toBe(
      'Mug in einem KI-generierten Foto auf einem Hintergrund in Dunkelblau',
    );
    expect(scene('nl', 'red')).toBe('Mug op een door AI gemaakte foto tegen een rode achtergrond');
    expect(scene('ja', 'dark blue')).toBe('Mug （AI生成の写真、濃い青の背景）');
    expect(scene('zh-CN', null)).toBe('Mug （AI 生成的照片）');
  });

  it('stays under 125 characters in every language, a long title cut at a word', () => {
    const title =
      'Hand-thrown stoneware coffee mug with speckled glaze, wide handle and a dishwasher-safe matte finish in sand';
    for (const language of ALT_LANGUAGES) {
      expect(scene(language, 'dark purple', title).length).toBeLessThan(125);
    }
  });

  it('writes a regional locale in its language, and none the app has no words for', () => {
    expect(altLanguageOf('fr-CA')).toBe('fr');
    expect(altLanguageOf('pt-PT')).toBe('pt-BR');
    expect(altLanguageOf('zh-CN')).toBe('zh-CN');
    expect(altLanguageOf('zh-TW')).toBeNull();
    expect(altLanguageOf('sv')).toBeNull();
  });
});
