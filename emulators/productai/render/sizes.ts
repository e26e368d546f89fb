/**
 * Output dimensions. Images: `resolution` is the long side (1K/2K/4K = 1024/2048/4096 px);
 * models without `resolution` render at 1K; SQUARE/LANDSCAPE/PORTRAIT are 1:1, 3:2 and 2:3.
 * Videos: the resolution names the short side (480p = 480 px, 4k = 2160 px), both sides even
 * as H.264 in yuv420p requires; `auto` follows the first reference image (16:9 without one).
 */
import type {
  ImageAspectRatio,
  ImageResolution,
  VideoAspectRatio,
  VideoResolution,
} from '../../../src/productai/catalogue.ts';

export interface Size {
  width: number;
  height: number;
}

const IMAGE_LONG_SIDE: Record<ImageResolution, number> = { '1K': 1024, '2K': 2048, '4K': 4096 };
const DEFAULT_LONG_SIDE = 1024;

const NAMED_RATIOS: Record<string, [number, number]> = {
  SQUARE: [1, 1],
  LANDSCAPE: [3, 2],
  PORTRAIT: [2, 3],
};

export function imageSize(aspect: ImageAspectRatio, resolution: ImageResolution | null): Size {
  const [w, h] = ratioOf(aspect);
  const long = resolution ? IMAGE_LONG_SIDE[resolution] : DEFAULT_LONG_SIDE;
  return w >= h
    ? { width: long, height: Math.round((long * h) / w) }
    : { width: Math.round((long * w) / h), height: long };
}

const VIDEO_SHORT_SIDE: Record<VideoResolution, number> = {
  '480p': 480,
  '720p': 720,
  '1080p': 1080,
  '4k': 2160,
};

const AUTO_CHOICES: VideoAspectRatio[] = ['21:9', '16:9', '4:3', '1:1', '3:4', '9:16'];

export function videoSize(
  resolution: VideoResolution,
  aspect: VideoAspectRatio,
  firstImage?: Size,
): Size {
  const chosen = aspect === 'auto' ? autoAspect(firstImage) : aspect;
  const [w, h] = ratioOf(chosen);
  const short = VIDEO_SHORT_SIDE[resolution];
  const even = (n: number) => Math.round(n / 2) * 2;
  return w >= h
    ? { width: even((short * w) / h), height: short }
    : { width: short, height: even((short * h) / w) };
}

/** The supported ratio closest to the image's own (compared on a log scale). */
function autoAspect(image?: Size): VideoAspectRatio {
  if (!image) return '16:9';
  const target = Math.log(image.width / image.height);
  let best: VideoAspectRatio = '16:9';
  let bestDistance = Infinity;
  for (const choice of AUTO_CHOICES) {
    const [w, h] = ratioOf(choice);
    const distance = Math.abs(Math.log(w / h) - target);
    if (distance < bestDistance) [best, bestDistance] = [choice, distance];
  }
  return best;
}

function ratioOf(aspect: string): [number, number] {
  const named = NAMED_RATIOS[aspect];
  if (named) return named;
  const [w, h] = aspect.split(':').map(Number);
  return [w!, h!];
}
