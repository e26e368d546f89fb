/**
 * Where the product's outline and inner edges are, whatever their colours: the look's search
 * (coarse.ts) run on maps of edges instead of colours. A product recoloured by a hue turn (the
 * demo's terracotta mug turned blue) keeps its shape, but its grey levels and colours change,
 * so neither its features nor its look in colour found it: it was reported "not found", its
 * recolour unsaid. Its edges are where they were, only their contrast changed.
 */
import { roughly, type Rough } from './coarse.ts';
import type { OpenCv } from './opencv.ts';
import type { Pixels } from './pixels.ts';
import { widenedBox } from './raster.ts';
import type { SourceProduct } from './source-product.ts';
import { changedMask } from './mask-shape.ts';
import { asGreyRgb, sceneEdges } from './edge-map.ts';

/**
 * An outline matching the source's this well places the product. On the demo's 12 drawn
 * products in its scenes (24 sources, each faithful, hue-turned 73° and 180°, and replaced by
 * the emulator's other object), the product where it stands matched 0.81-0.99 (18 of the 20
 * placed under 0.85 were small boxes elsewhere); the other objects at most 0.84, each elsewhere.
 */
export const OUTLINE_ALIKE = 0.85;
/**
 * A product placed by its outline is the product only where its cells line up (under this share
 * unlike even aligned): the drawn set's other objects (swaps) and a reshape placed by their
 * outline read 0.54-0.83 unlike, and said "another colour" where "not found" is the truth; the
 * recolours placed by it on the real photographs 0.07-0.21.
 */
const UNLIKE_AT_MOST = 0.3;

export const linesUp = (changedShare: number) => changedShare < UNLIKE_AT_MOST;

/** The source's pixels around the cut-out searched too: its outline's edge lies across it. */
const OUTLINE_BAND = 6;
/** The result's edges are made at the look's finer search's side (coarse.ts FINE_SIDE). */
const RESULT_SIDE = 384;

/** The product's box (in `result`'s pixels) where its edges match the source's well enough. */
export function byOutline(cv: OpenCv, source: SourceProduct, result: Pixels): Rough | undefined {
  const { width, height, box } = source;
  const wider = widenedBox(box, { x: OUTLINE_BAND, y: OUTLINE_BAND }, width, height);
  const scale = Math.min(1, RESULT_SIDE / Math.max(result.width, result.height));
  const small = resized(cv, result, scale);
  const found = roughly(
    cv,
    {
      ...source,
      box: wider,
      mask: changedMask(cv, source.mask, width, height, {
        by: 'widening',
        shape: 'square',
        size: 2 * OUTLINE_BAND + 1,
      }),
      rgb: asGreyRgb(source.outline),
    },
    {
      ...small,
      rgb: asGreyRgb(sceneEdges(cv, small)),
    },
    { grey: true },
  );
  if (!found || found.score < OUTLINE_ALIKE) return undefined;
  // Back from the widened box to the product's, in the result's pixels.
  const k = found.box.width / wider.width;
  return {
    score: found.score,
    alike: true,
    box: {
      x: (found.box.x + (box.x - wider.x) * k) / scale,
      y: (found.box.y + (box.y - wider.y) * k) / scale,
      width: (box.width * k) / scale,
      height: (box.height * k) / scale,
    },
  };
}

function resized(cv: OpenCv, image: Pixels, scale: number): Pixels {
  if (scale === 1) return image;
  const full = new cv.Mat(image.height, image.width, cv.CV_8UC3);
  full.data.set(image.rgb);
  const out = new cv.Mat();
  const width = Math.max(1, Math.round(image.width * scale)),
    height = Math.max(1, Math.round(image.height * scale));
  cv.resize(full, out, new cv.Size(width, height), 0, 0, cv.INTER_AREA);
  const rgb = Uint8Array.from(out.data);
  for (const m of [full, out]) m.delete();
  return { width, height, rgb };
}
