/** The default alt text describes the image (product and scene) in under 125 characters. */
import { describe, expect, it } from 'vitest';
import { renderAltText } from '../../../src/pipeline/publish/alt-text.ts';
import { DEFAULT_ALT_TEMPLATE, DEFAULT_PRESETS } from '../../../src/stores/shop-settings.ts';

const alt = (prompt: string | undefined, productTitle = 'Ceramic mug') =>
  renderAltText(DEFAULT_ALT_TEMPLATE, { productTitle, prompt });

describe('the default alt text', () => {
  it('places the product in the scene the prompt starts with', () => {
    expect(alt('On a marble counter in morning light')).toBe(
      'Ceramic mug on a marble counter in morning light',
    );
    expect(alt('A cozy kitchen shelf. Soft light, 85 mm lens.')).toBe(
      'Ceramic mug in a cozy kitchen shelf',
    );
  });

  it('reads as a sentence when the prompt names the product: the title takes its place', () => {
    expect(alt('The product standing on a polished white marble countertop, soft light')).toBe(
      'Ceramic mug standing on a polished white marble countertop, soft light',
    );
    expect(alt('The product on a warm oak table')).toBe('Ceramic mug on a warm oak table');
    expect(alt('Top-down flat lay of the product on pastel paper')).toBe(
      'Ceramic mug in a top-down flat lay on pastel paper',
    );
    expect(alt('An overhead shot of your product on sand')).toBe(
      'Ceramic mug in an overhead shot on sand',
    );
  });

  it('reads as a sentence for every preset of the starter library', () => {
    for (const preset of DEFAULT_PRESETS) {
      const text = alt(preset.prompt, 'Terracotta Canvas Sneaker');
      expect(text).toMatch(/^Terracotta Canvas Sneaker (on|in|standing on|placed on) [a-z]/);
      expect(text).not.toMatch(/product|–/i);
    }
  });

  it('stays under 125 characters, cut at a word, however long the prompt', () => {
    const prompt =
      'On a weathered oak table beside a window with linen curtains, surrounded by dried flowers, ceramic bowls, a folded newspaper and warm late-afternoon sunlight';
    const text = alt(prompt, 'Hand-thrown stoneware coffee mug with speckled glaze');
    expect(text.length).toBeLessThan(125);
    expect(text).toMatch(
      /^Hand-thrown stoneware coffee mug with speckled glaze on a weathered oak table/,
    );
    expect(prompt.toLowerCase()).toContain(text.split('glaze ')[1]!);
    expect(text).not.toMatch(/[,\s]$/);
  });

  it('is the product title alone when there is no prompt (an upscale)', () => {
    expect(alt(undefined)).toBe('Ceramic mug');
  });

  it('keeps a merchant template with the whole prompt as it was', () => {
    expect(
      renderAltText('{productTitle} – {prompt}', { productTitle: 'Mug', prompt: 'On a table.' }),
    ).toBe('Mug – On a table.');
  });
});
