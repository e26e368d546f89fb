import type { GenerationView } from '../shared/contract.ts';

/** ProductAI's named ratios (its default for a photo is SQUARE). */
const NAMED: Readonly<Record<string, string>> = {
  SQUARE: '1 / 1',
  LANDSCAPE: '3 / 2',
  PORTRAIT: '2 / 3',
};

/** A ratio the request leaves to the source image (an upscale, a video's `auto`): most are square. */
const FOLLOWS_SOURCE = '1 / 1';

/**
 * The CSS `aspect-ratio` of a generation's result, known from its request before the result
 * arrives: the box it will fill is reserved at once, and nothing moves when it loads.
 */
export function resultAspect(generation: Pick<GenerationView, 'kind' | 'params'>): string {
  if (generation.kind === 'upscale') return FOLLOWS_SOURCE;
  const ratio = generation.params.aspectRatio ?? (generation.kind === 'photo' ? 'SQUARE' : 'auto');
  const named = NAMED[ratio];
  if (named) return named;
  const [width, height] = ratio.split(':');
  return width && height ? `${width} / ${height}` : FOLLOWS_SOURCE;
}
