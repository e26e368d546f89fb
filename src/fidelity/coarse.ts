/**
 * Where in the result the product roughly is, by its look as a whole: the source's product
 * (its cut-out, small) slid over the result at a range of sizes, the best normalised match
 * kept. Asked for only when features found nothing: a busy real scene (a forest, a crowd)
 * has stronger corners than a smooth product, and takes all of the result's ORB features
 * (the 2,500 strongest of 768 px held none on an exercise ball in a forest, which 5,000 or
 * 1,536 px did not change). Features are then looked for in this part of the result only.
 */
import type { OpenCv } from './opencv.ts';
import { cropRgb, type Pixels } from './pixels.ts';
import { widenedBox, type Box } from './raster.ts';
import type { SourceProduct } from './source-product.ts';

/** The result's long side for the first search: coarse, since only the area is wanted. */
const SIDE = 160;
/** The result's long side for the second search, sizes 3 % apart around the first's best. */
const FINE_SIDE = 384;
/** The first search's sizes are this far apart (15 %). */
export const SIZE_STEP = 1.155;
/** The product's long side tried, as a share of the result's long side: 0.1 to 1, 15 % apart. */
const SIZES = Array.from({ length: 17 }, (_, i) => 0.1 * SIZE_STEP ** i);
/** A normalised match under this is no match (the scene's own corners and colours). */
const MATCHES = 0.5;

export interface Rough {
  /** The product's box in the result's pixels. */
  box: Box;
  /** The normalised match there (1: the same look). */
  score: number;
  /** Alike enough to place the product there when its features find nothing. */
  alike: boolean;
  /**
   * Placed by its colours, which matched nearly as well (AS_WELL) at a size a step or more
   * larger: a flat product's colours match as well at a smaller size inside it (a plain mug:
   * 0.991 at a quarter of its size, 0.989 at its own), so its size is for its outline to tell
   * (check.ts).
   */
  sizeInDoubt?: boolean;
}

/**
 * A product this alike by its look (the normalised correlation) is placed there: measured on
 * real catalogue products put into real scenes, the same product matched 0.8 or more where
 * features found nothing (an exercise ball: 0.85).
 */
const LOOKS_ALIKE = 0.75;
/**
 * A product this alike by its colours (one less the normalised squared difference) is placed
 * there when its look's correlation is not enough: a smooth product's look hardly varies inside
 * it, so the correlation has little to go on (a foam roller in a busy scene: 0.58-0.62 at the
 * wrong place; by colours 0.97 where it is). Other objects in the same scenes reach 0.96 by
 * colours: placed, they are compared cell by cell like any product, and called "could not be
 * lined up" or changed where their cells differ.
 */
const COLOURS_ALIKE = 0.93;

type Method = 'look' | 'grey look' | 'colours';

/**
 * `grey`: both images are grey maps (the same value in the three channels: outline-look.ts's
 * edges), searched by their look in grey alone, the screen's match being the match (a colour
 * search of grey copies gives the same scores at three times the cost), and not by colours.
 */
export function roughly(
  cv: OpenCv,
  source: SourceProduct,
  result: Pixels,
  { grey = false }: { grey?: boolean } = {},
): Rough | undefined {
  const { box } = source;
  const crop = new cv.Mat(box.height, box.width, cv.CV_8UC3);
  const mask = new cv.Mat(box.height, box.width, cv.CV_8UC1);
  const rgb = crop.data,
    on = mask.data;
  for (let y = 0; y < box.height; y++)
    for (let x = 0; x < box.width; x++) {
      const i = (box.y + y) * source.width + box.x + x,
        j = y * box.width + x;
      rgb.set(source.rgb.subarray(i * 3, i * 3 + 3), j * 3);
      on[j] = source.mask[i] ? 255 : 0;
    }
  const byLook = refined(cv, result, source, crop, mask, grey ? 'grey look' : 'look');
  const found =
    byLook && byLook.score >= LOOKS_ALIKE
      ? { ...byLook, alike: true }
      : (!grey && alikeByColours(refined(cv, result, source, crop, mask, 'colours'))) || byLook;
  for (const m of [crop, mask]) m.delete();
  return found;
}

function alikeByColours(found: Omit<Rough, 'alike'> | undefined): Rough | undefined {
  return found && found.score >= COLOURS_ALIKE ? { ...found, alike: true } : undefined;
}

/**
 * An outline's coarse matches are refined this many (their sizes' best each): at 160 px a small
 * size's outline matches a scene's round highlight by chance (a mug's 0.82 on a bokeh circle, a
 * fifth of its size), and only the finer search tells the product's own outline (0.96) from it.
 */
const OUTLINES_REFINED = 3;

/** The best match by `method`: a coarse search over sizes, then a finer one around its best. */
function refined(
  cv: OpenCv,
  result: Pixels,
  source: SourceProduct,
  crop: InstanceType<OpenCv['Mat']>,
  mask: InstanceType<OpenCv['Mat']>,
  method: Method,
): Rough | undefined {
  const longest = Math.max(result.width, result.height);
  // Sizes 15 % apart on a small copy, then 3 % apart around the best on a larger one: the
  // cells' alignment (cells.ts) reaches a few percent of the product, not fifteen.
  const matches = search(
    cv,
    result,
    crop,
    mask,
    SIDE / longest,
    SIZES,
    false,
    method,
    GREY_MARGIN.first,
  );
  const firsts = matches.slice(0, method === 'grey look' ? OUTLINES_REFINED : 1);
  let found: Rough | undefined;
  for (const first of firsts) {
    // The finer search looks only around the first's best (a third of its size each way, more
    // than its 15 % step can misplace): over the whole result it was most of a closer look's
    // time when the product is small in a large scene.
    const near = window(first.box, result);
    const best = near && offset(finer(cv, result, near, source, crop, mask, first, method), near);
    const here = best ?? first;
    if (!found || here.score > found.score) found = here;
  }
  const top = matches[0];
  const sizeInDoubt =
    method === 'colours' &&
    top !== undefined &&
    matches.some((m) => m.box.width >= top.box.width * SIZE_STEP && m.score >= top.score - AS_WELL);
  return (
    found && {
      ...found,
      alike: method !== 'colours' && found.score >= LOOKS_ALIKE,
      ...(sizeInDoubt ? { sizeInDoubt } : {}),
    }
  );
}

/**
 * A colours' match at a larger size this close to the best puts the best's size in doubt: the
 * demo's plain mug 0.0018 under at four times the size, its cap 0.0026 at 1.5 times.
 */
const AS_WELL = 0.005;

/** The finer search's sizes, 3 % apart, as steps from the first search's best size. */
const FINE_STEPS = [-2, -1, 0, 1, 2];
/**
 * Steps searched on past the finer search's last, each way, while the match still rises there:
 * a best on the range's edge is no peak. The first search's sizes are 15 % apart and its best
 * can be the neighbour a whole step off (a drawn daypack: its look 0.69 at 0.88 of its size,
 * 0.67 at 1.04), which the finer range's 6 % each way does not reach: placed 7 % small, its
 * bottom cells fell past their 12 px search and read "detail missing".
 */
const FINE_STEPS_ON = 4;
/**
 * The finer search goes on only from a match this good, one that could place the product: most
 * of the closer looks that reach the finer search find another object or a turned product, and
 * searching on for them added 40 ms to the check's p95.
 */
const WITHIN_REACH: Record<Method, number> = {
  look: LOOKS_ALIKE - 0.1,
  colours: COLOURS_ALIKE - 0.03,
  'grey look': 0.75,
};

/** The finer search around `first`, best first, in the window `near`'s pixels. */
function finer(
  cv: OpenCv,
  result: Pixels,
  near: Box,
  source: SourceProduct,
  crop: InstanceType<OpenCv['Mat']>,
  mask: InstanceType<OpenCv['Mat']>,
  first: Rough,
  method: Method,
): Rough | undefined {
  const windowed = { width: near.width, height: near.height, rgb: cropRgb(result, near) };
  const at = (steps: number[]) =>
    search(
      cv,
      windowed,
      crop,
      mask,
      FINE_SIDE / Math.max(result.width, result.height),
      steps.map((step) => (first.box.width / source.box.width) * 1.03 ** step),
      true,
      method,
      GREY_MARGIN.fine,
    );
  const matches = at(FINE_STEPS);
  let best = matches[0];
  if (!best || best.score < WITHIN_REACH[method]) return best;
  const sizeOf = (found: Rough) => found.box.width;
  const widest = Math.max(...matches.map(sizeOf));
  const narrowest = Math.min(...matches.map(sizeOf));
  if (sizeOf(best) !== widest && sizeOf(best) !== narrowest) return best;
  const outward = sizeOf(best) === widest ? 1 : -1;
  for (let k = 1; k <= FINE_STEPS_ON; k++) {
    const next = at([outward * (FINE_STEPS.at(-1)! + k)])[0];
    if (!next || next.score <= best.score) break;
    best = next;
  }
  return best;
}

/** `box` widened by a third of its size each way, in whole pixels within the result. */
function window(box: Box, result: Pixels): Box | undefined {
  const margin = { x: box.width / 3, y: box.height / 3 };
  const near = widenedBox(box, margin, result.width, result.height);
  return near.width > 0 && near.height > 0 ? near : undefined;
}

/** A match found in a window, placed back in the result's frame. */
function offset(found: Rough | undefined, by: Box): Rough | undefined {
  return found && { ...found, box: { ...found.box, x: found.box.x + by.x, y: found.box.y + by.y } };
}

/**
 * Sizes whose grey match is this far under the best grey match are not searched in colour: a
 * grey search costs a third of a colour one (160 px: 3 against 10 ms a size), and the colour
 * match follows the grey one closely. The first search's sizes are 15 % apart, so its grey
 * best can sit a size off the colour best: a wider margin there; the finer search's sizes, 3 %
 * apart, differ little. The best SCREENED_IN grey sizes are always searched in colour: the
 * masked grey correlation of the smallest sizes peaks by chance (16 x 12 px: 0.79 in grey, 0.44
 * in colour), and with the margin alone a faithful real result lost its product's own size and
 * was held. Measured on both sets: the same verdicts, the check's CPU mean 2-3 % lower.
 */
const GREY_MARGIN = { first: 0.1, fine: 0.02 };
/** The best grey sizes always searched in colour (GREY_MARGIN). */
const SCREENED_IN = 4;

/**
 * The product's matches over `result` at `scale`, best first, one a size: each size a share of
 * the result's long side, or (`absolute`) the product's scale against the source's frame, each
 * searched in colour where its grey match passes the screen (`screen`).
 */
function search(
  cv: OpenCv,
  result: Pixels,
  crop: InstanceType<OpenCv['Mat']>,
  mask: InstanceType<OpenCv['Mat']>,
  scale: number,
  sizes: number[],
  absolute: boolean,
  method: Method,
  margin: number,
): Rough[] {
  const image = small(cv, result, scale);
  const side = Math.max(image.cols, image.rows);
  const fitting = sizes.flatMap((size) => {
    const k = absolute ? size * scale : (size * side) / Math.max(crop.cols, crop.rows);
    const w = Math.round(crop.cols * k),
      h = Math.round(crop.rows * k);
    return w < 8 || h < 8 || w > image.cols || h > image.rows ? [] : [{ w, h }];
  });
  const screened = screen(cv, image, crop, mask, fitting, method, margin);
  const matches: Rough[] = [];
  for (const size of screened) {
    const { score, at } =
      method === 'grey look' ? size.grey! : matchAt(cv, image, crop, mask, size, method);
    if (Number.isFinite(score) && score >= MATCHES)
      matches.push({
        score,
        alike: false,
        box: { x: at.x / scale, y: at.y / scale, width: size.w / scale, height: size.h / scale },
      });
  }
  image.delete();
  return matches.sort((a, b) => b.score - a.score);
}

/**
 * The sizes worth searching in colour (with their grey match, the match itself for 'grey look'):
 * those whose grey match comes near the best, and the best SCREENED_IN always. A grey match
 * costs a third of a colour one, so with no more than SCREENED_IN + 1 sizes (the finer search's
 * 5) the screen costs more than the one size it could leave out: all are searched in colour.
 */
function screen(
  cv: OpenCv,
  image: InstanceType<OpenCv['Mat']>,
  crop: InstanceType<OpenCv['Mat']>,
  mask: InstanceType<OpenCv['Mat']>,
  sizes: { w: number; h: number }[],
  method: Method,
  margin: number,
): { w: number; h: number; grey?: ReturnType<typeof matchAt> }[] {
  if (method !== 'grey look' && sizes.length <= SCREENED_IN + 1) return sizes;
  const grey = { image: greyOf(cv, image), crop: greyOf(cv, crop) };
  const greyMethod = method === 'colours' ? 'colours' : 'look';
  const screened = sizes.map((size) => ({
    ...size,
    grey: matchAt(cv, grey.image, grey.crop, mask, size, greyMethod),
  }));
  for (const m of [grey.image, grey.crop]) m.delete();
  const ranked = screened
    .map((s) => (Number.isFinite(s.grey.score) ? s.grey.score : -Infinity))
    .sort((a, b) => b - a);
  const bar = Math.min(ranked[0]! - margin, ranked[Math.min(SCREENED_IN - 1, ranked.length - 1)]!);
  return screened.filter((size) => size.grey.score >= bar);
}

/** The product's best match over `image` at one size: its score (1 the same) and where. */
function matchAt(
  cv: OpenCv,
  image: InstanceType<OpenCv['Mat']>,
  crop: InstanceType<OpenCv['Mat']>,
  mask: InstanceType<OpenCv['Mat']>,
  { w, h }: { w: number; h: number },
  method: Method,
) {
  const templ = new cv.Mat(),
    templMask = new cv.Mat(),
    scores = new cv.Mat();
  cv.resize(crop, templ, new cv.Size(w, h), 0, 0, cv.INTER_AREA);
  cv.resize(mask, templMask, new cv.Size(w, h), 0, 0, cv.INTER_NEAREST);
  const colours = method === 'colours';
  cv.matchTemplate(
    image,
    templ,
    scores,
    colours ? cv.TM_SQDIFF_NORMED : cv.TM_CCOEFF_NORMED,
    templMask,
  );
  const extremes = minMaxLoc(cv, scores);
  for (const m of [templ, templMask, scores]) m.delete();
  // By colours the best is the least difference.
  return colours
    ? { score: 1 - extremes.minVal, at: extremes.minLoc }
    : { score: extremes.maxVal, at: extremes.maxLoc };
}

function greyOf(cv: OpenCv, rgb: InstanceType<OpenCv['Mat']>) {
  const out = new cv.Mat();
  cv.cvtColor(rgb, out, cv.COLOR_RGB2GRAY);
  return out;
}

/** OpenCV.js's minMaxLoc takes the Mat alone and answers an object (its typings say otherwise). */
function minMaxLoc(cv: OpenCv, mat: InstanceType<OpenCv['Mat']>) {
  return (
    cv.minMaxLoc as unknown as (m: unknown) => {
      minVal: number;
      maxVal: number;
      minLoc: { x: number; y: number };
      maxLoc: { x: number; y: number };
    }
  )(mat);
}

function small(cv: OpenCv, image: Pixels, scale: number) {
  const full = new cv.Mat(image.height, image.width, cv.CV_8UC3);
  full.data.set(image.rgb);
  const out = new cv.Mat();
  const size = new cv.Size(
    Math.max(1, Math.round(image.width * scale)),
    Math.max(1, Math.round(image.height * scale)),
  );
  cv.resize(full, out, size, 0, 0, cv.INTER_AREA);
  full.delete();
  return out;
}

/**
 * The source's product box onto `rough` (a move and a scale, as a homography): the location of
 * a product too smooth for features, its cells then aligned one by one (cells.ts).
 */
export function placed(source: Box, rough: Box): number[] {
  const k = rough.width / source.width;
  return [k, 0, rough.x - source.x * k, 0, k, rough.y - source.y * k, 0, 0, 1];
}

/** `box` widened by a quarter of its size each way, in whole pixels within `width` × `height`. */
export function around(box: Box, width: number, height: number): Box {
  return widenedBox(box, { x: box.width / 4, y: box.height / 4 }, width, height);
}
