/**
 * What the demo run asks for: the requests a merchant can make in the demo, spread over its
 * products and options so that each varies on its own. Every dimension cycles with its own
 * length (products, presets, models, aspect ratios, result counts, images sent), lengths
 * chosen without common factors where possible, so the run meets most combinations instead of
 * always pairing the same preset with the same ratio.
 */
import type {
  CreateGenerationRequest,
  ProductDetail,
  PromptPreset,
  SettingsView,
} from '../../../src/app-api/contract.ts';
import {
  IMAGE_MODELS,
  imageAspectRatiosFor,
  isImageModelId,
} from '../../../src/productai/catalogue.ts';

/**
 * Image models the Generate page offers, the shop's default first: the recommended ones, one
 * that takes a single image and one without extended ratios, since each reaches the check
 * through other request fields.
 */
const MODELS = ['nanobanana', 'seedream', 'kontext-pro', 'nanobananapro'] as const;

/** Ratios from the model's list, landscape ones included (the check met a 10× stretch on one). */
const RATIO_CYCLE = ['SQUARE', 'LANDSCAPE', 'PORTRAIT', '16:9', '4:5', '9:16', '4:3'] as const;

/**
 * Results to choose among (the Generate page's "options", 1-4), mostly one: the emulator renders
 * the same request to the same image, so an option adds a result the check sees again (only
 * the emulator's change, drawn per job, can set it apart).
 */
const OPTIONS_CYCLE = [1, 1, 2, 1] as const;

/** Every so many requests, an upscale of a product image (the check's other kind). */
const UPSCALE_EVERY = 11;

export interface PlannedRequest {
  /** The product's title, for the evidence's file names. */
  productTitle: string;
  request: CreateGenerationRequest;
  /** Results it makes (its options). */
  results: number;
}

/** Requests until `targetResults` results, over `products` (each with at least one image). */
export function planRequests(
  products: readonly ProductDetail[],
  settings: Pick<SettingsView, 'defaults' | 'presets'>,
  targetResults: number,
): PlannedRequest[] {
  if (products.length === 0) throw new Error('no product with images to run on');
  const models = [settings.defaults.model, ...MODELS.filter((m) => m !== settings.defaults.model)];
  const planned: PlannedRequest[] = [];
  let results = 0;
  for (let i = 0; results < targetResults; i += 1) {
    const product = products[i % products.length]!;
    const next =
      i % UPSCALE_EVERY === UPSCALE_EVERY - 1
        ? upscale(product, i)
        : photo(product, i, models, settings.presets, settings.defaults);
    planned.push(next);
    results += next.results;
  }
  return planned;
}

function upscale(product: ProductDetail, i: number): PlannedRequest {
  const image = product.images[i % product.images.length]!;
  return {
    productTitle: product.title,
    request: { kind: 'upscale', productId: product.id, sourceMediaIds: [image.id] },
    results: 1,
  };
}

function photo(
  product: ProductDetail,
  i: number,
  models: readonly string[],
  presets: readonly PromptPreset[],
  defaults: SettingsView['defaults'],
): PlannedRequest {
  const model = models[i % models.length]!;
  if (!isImageModelId(model))
    throw new Error(`the shop's default model ${model} is no image model`);
  const spec = IMAGE_MODELS[model];
  const ratios: readonly string[] = imageAspectRatiosFor(model);
  const wanted = RATIO_CYCLE[i % RATIO_CYCLE.length]!;
  // A model without the ratio strings gets the basic ratio of the same orientation.
  const aspectRatio = ratios.includes(wanted) ? wanted : basicRatio(wanted);
  // One image, or the product's first two where the model takes several (the demo's products
  // have up to four views: front, side, detail...).
  const images = Math.min(i % 3 === 2 ? 2 : 1, product.images.length, spec.maxReferenceImages);
  const first = i % product.images.length;
  const sourceMediaIds = Array.from(
    { length: images },
    (_, k) => product.images[(first + k) % product.images.length]!.id,
  );
  const options = OPTIONS_CYCLE[i % OPTIONS_CYCLE.length]!;
  return {
    productTitle: product.title,
    request: {
      kind: 'photo',
      productId: product.id,
      sourceMediaIds,
      model,
      prompt: presets[i % presets.length]!.prompt,
      aspectRatio,
      ...(spec.acceptsResolution ? { resolution: defaults.resolution } : {}),
      outputFormat: i % 3 === 1 ? 'jpg' : 'png',
      options,
    },
    results: options,
  };
}

function basicRatio(ratio: string): string {
  const [w, h] = ratio.split(':').map(Number);
  if (w === undefined || h === undefined || w === h) return 'SQUARE';
  return w > h ? 'LANDSCAPE' : 'PORTRAIT';
}
