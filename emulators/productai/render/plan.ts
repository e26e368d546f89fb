/**
 * What a job will render, fixed at submission from the validated request (defaults applied,
 * input images already downloaded and checked), and what a finished render produced.
 */
import type {
  ImageAspectRatio,
  ImageResolution,
  OutputFormat,
  VideoAspectRatio,
  VideoResolution,
} from '../../../src/productai/catalogue.ts';
import type { InputImage } from '../images/inspect.ts';
import type { ProductChange } from './product-change.ts';

export interface ImagePlan {
  kind: 'image';
  prompt: string;
  images: InputImage[];
  aspectRatio: ImageAspectRatio;
  /** Only the models that accept `resolution` have one; the others render at 1K. */
  resolution: ImageResolution | null;
  outputFormat: OutputFormat;
  /** The product is changed in the result (a mis-edit on request, for the fidelity guard). */
  change?: ProductChange;
  /**
   * The style reference (render/style-reference.ts): the last image, when the prompt binds it
   * as such; the scene's backdrop takes its colours and light, and it is not staged as a product.
   */
  style?: InputImage;
}

export interface VideoPlan {
  kind: 'video';
  prompt: string;
  images: InputImage[];
  resolution: VideoResolution;
  aspectRatio: VideoAspectRatio;
  seconds: number;
  audio: boolean;
}

export interface UpscalePlan {
  kind: 'upscale';
  image: InputImage;
  /** recolour or warp only: the upscale does not keep the image. */
  change?: ProductChange;
}

export type RenderPlan = ImagePlan | VideoPlan | UpscalePlan;

export interface RenderResult {
  /** Name of the hosted file under /cdn/. */
  file: string;
  width: number;
  height: number;
}
