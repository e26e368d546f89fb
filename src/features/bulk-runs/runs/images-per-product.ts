/**
 * How many of each product's images a run sends (the merchant's choice, within the model's
 * range), and what about its options ProductAI would refuse.
 */
import type { GenerationKind, GenerationParams } from '../../../app-api/contract.ts';
import { kindText } from '../../../app-api/error-codes.ts';
import { referenceImageRange, requestProblems } from '../../../pipeline/index.ts';
import type { BulkProblem } from './bulk-request-error.ts';

export function chooseImages(
  kind: GenerationKind,
  params: GenerationParams,
  asked: number | undefined,
): { imagesPerProduct: number; problems: BulkProblem[] } {
  const problems: BulkProblem[] = [];
  const range = referenceImageRange(kind, params);
  const images = range ? Math.min(asked ?? 1, range.max) : 0;
  if (range && images < range.min) {
    problems.push({
      field: 'imagesPerProduct',
      code: 'images_per_product',
      params: { what: kindText(kind === 'upscale' ? 'upscale' : 'model'), count: range.min },
    });
  } else {
    problems.push(...requestProblems(kind, params, images));
  }
  return { imagesPerProduct: images, problems };
}
