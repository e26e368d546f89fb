/**
 * The rules in plain words: each compares a measure's figures with a profile's and answers null
 * (passes) or what fails, as a coded text (src/platform/error-codes.ts) with the figures in its
 * params, which the clients translate.
 */
import type { CodedText } from '../platform/error-codes.ts';
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
): CodedText | null {
  const size = `${figures.width} × ${figures.height}`;
  switch (rule) {
    case 'min-size': {
      const { minSide, minLongSide } = limits.minSize;
      if (minSide && Math.min(figures.width, figures.height) < minSide)
        return { code: 'channel_min_side', params: { min: minSide, size } };
      if (minLongSide && Math.max(figures.width, figures.height) < minLongSide)
        return { code: 'channel_min_long_side', params: { min: minLongSide, size } };
      return null;
    }
    case 'aspect-ratio': {
      const expected = limits.storefrontAspect;
      // No product image of the shop to read its ratio from: nothing to match.
      if (expected === null) return null;
      const actual = figures.width / figures.height;
      return sameAspect(actual, expected)
        ? null
        : {
            code: 'channel_aspect',
            params: { expected: ratioWords(expected), actual: ratioWords(actual) },
          };
    }
    case 'border':
      return figures.border ? { code: 'channel_border' } : null;
    case 'overlaid-text':
      return figures.overlaidText && figures.overlaidText.length > 0
        ? { code: 'channel_text', params: { text: figures.overlaidText.join(' ') } }
        : null;
    case 'white-background':
      return (figures.whiteShare ?? 0) >= WHITE_BACKGROUND_SHARE ? null : { code: 'channel_white' };
    case 'product-share': {
      const share = figures.productShare ?? 0;
      return share >= limits.productShare
        ? null
        : {
            code: 'channel_share',
            params: { share: Math.round(share * 100), min: Math.round(limits.productShare * 100) },
          };
    }
    case 'ai-metadata':
      return figures.aiMarked ? null : { code: 'channel_ai_mark' };
  }
}
