/**
 * The rules in plain words: each compares a measure's figures with a profile's and answers null
 * (passes) or what fails, in English. The wordings are fixed sentences with the figures in them,
 * so the app home translates them (web/frontend/src/i18n/locales, `server.channel*`).
 */
import type { RuleId } from './channel-ids.ts';
import type { MinSize } from './profiles.ts';

export interface Figures {
  width: number;
  height: number;
  /** A uniform frame on all four sides. */
  border?: boolean;
  /** Share (0..1) of the outer band that is pure white. */
  whiteShare?: number;
  /** The product's longest extent against the frame's (0..1). */
  productShare?: number;
  /** Words read outside the product. */
  overlaidText?: string[];
  /** Words read on the product (a label: allowed). */
  textOnProduct?: string[];
  /** The file's IPTC digital source type, null when it has none. */
  sourceType?: string | null;
  aiMarked?: boolean;
}

/** A white band this share of the edge or more is "pure white" (JPEG edges may round a few). */
export const WHITE_BACKGROUND_SHARE = 0.99;

export function ratioWords(ratio: number): string {
  for (let h = 1; h <= 16; h += 1) {
    const w = ratio * h;
    if (Math.abs(w - Math.round(w)) < 0.02 * h && Math.round(w) > 0) return `${Math.round(w)}:${h}`;
  }
  return `${ratio.toFixed(2)}:1`;
}

/** Aspect ratios match within 2 % (a 2048 × 2048 result for a 1:1 shop, 1365 × 2048 for 2:3). */
export function sameAspect(a: number, b: number): boolean {
  return Math.abs(Math.log(a / b)) <= Math.log(1.02);
}

export function failedRule(
  rule: RuleId,
  figures: Figures,
  limits: { minSize: MinSize; productShare: number; storefrontAspect: number | null },
): string | null {
  const size = `${figures.width} × ${figures.height}`;
  switch (rule) {
    case 'min-size': {
      const { minSide, minLongSide } = limits.minSize;
      if (minSide && Math.min(figures.width, figures.height) < minSide)
        return `smaller than ${minSide} × ${minSide} pixels (it is ${size})`;
      if (minLongSide && Math.max(figures.width, figures.height) < minLongSide)
        return `under ${minLongSide} pixels on its longest side (it is ${size})`;
      return null;
    }
    case 'aspect-ratio': {
      const expected = limits.storefrontAspect;
      // No product image of the shop to read its ratio from: nothing to match.
      if (expected === null) return null;
      const actual = figures.width / figures.height;
      return sameAspect(actual, expected)
        ? null
        : `not the aspect ratio of the shop's product images (${ratioWords(expected)}; it is ${ratioWords(actual)})`;
    }
    case 'border':
      return figures.border ? 'has a border around the image' : null;
    case 'overlaid-text':
      return figures.overlaidText && figures.overlaidText.length > 0
        ? `has text outside the product (${figures.overlaidText.join(' ')})`
        : null;
    case 'white-background':
      return (figures.whiteShare ?? 0) >= WHITE_BACKGROUND_SHARE
        ? null
        : 'the background is not pure white (RGB 255, 255, 255)';
    case 'product-share': {
      const share = figures.productShare ?? 0;
      return share >= limits.productShare
        ? null
        : `the product fills ${Math.round(share * 100)} % of the frame, under ${Math.round(limits.productShare * 100)} %`;
    }
    case 'ai-metadata':
      return figures.aiMarked
        ? null
        : 'the file does not say it is AI-made (IPTC DigitalSourceType)';
  }
}
