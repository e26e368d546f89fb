/**
 * Whether a request can carry the shop's style reference image, for the server that
 * builds the request and for the pickers that say so beside the model before anything is sent.
 * Browser-safe: it imports only the catalogue.
 *
 * The reference goes after the product's images, and only with the models that take several
 * images (the spec's model table: 5 or 10). A model that takes one image uses only the first
 * URL, which is the product's; a video model shows every image it is given, so the reference
 * would appear in the video. The product's images come first when there is no room for both.
 */
import { IMAGE_MODELS, isImageModelId } from '../productai/catalogue.ts';
import type { CodedText } from './error-codes.ts';

export type StyleReferenceFit = { fits: true } | { fits: false; reason: CodedText };

export function styleReferenceFit(
  kind: 'photo' | 'video' | 'upscale',
  model: string | undefined,
  productImages: number,
): StyleReferenceFit {
  if (kind === 'video') {
    return { fits: false, reason: { code: 'style_video' } };
  }
  if (kind === 'upscale') return { fits: false, reason: { code: 'style_upscale' } };
  if (!isImageModelId(model)) return { fits: false, reason: { code: 'style_unknown_model' } };
  const max = IMAGE_MODELS[model].maxReferenceImages;
  if (max <= 1) return { fits: false, reason: { code: 'style_one_image' } };
  if (productImages >= max)
    return { fits: false, reason: { code: 'style_no_room', params: { max } } };
  return { fits: true };
}
