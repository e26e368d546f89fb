/**
 * What the worker runs: a source's analysis (`analyseImage`, kept by the checker,
 * source-cache.ts, and made ahead of the first result when the pipeline prepares it), and one
 * check of a result against an analysed source: decode, find the product, measure (each cell
 * of it aligned on its own, colours per part), decide.
 */
import type { FidelityKind, FidelityReport } from './fidelity-report.ts';
import { compareCells } from './cells.ts';
import { around, placed, roughly, SIZE_STEP, type Rough } from './coarse.ts';
import { colourSummary } from './colour-summary.ts';
import { colourParts } from './colour-parts.ts';
import { grownParts } from './grown.ts';
import { foundArea, jacobianAt, locate, project, stretchOf, type Location } from './locate.ts';
import { textKept, type TextKept } from './label-text.ts';
import { agrees, resultMat, structure, warpBack } from './measure.ts';
import { loadOpenCv, type OpenCv } from './opencv.ts';
import { byOutline, linesUp } from './outline-look.ts';
import { cropRgb, decode, type Pixels } from './pixels.ts';
import {
  atScale,
  CLOSER_READING_SIDE,
  GEOMETRY_SIDE,
  gradientMagnitude,
  READING_SIDE,
  SEARCH_SIDE,
  toGray,
  type Box,
  widenedBox,
} from './raster.ts';
import { analyseSource, features, type SourceProduct } from './source-product.ts';
import { decide, PLACED_WELL, type Measures } from './verdict.ts';

/**
 * ORB features taken from the result (SEARCH_SIDE frame). 2,500 at 768 px found the same
 * products as 4,000 at 1,024 px (42 pairs, same verdicts, inliers a little lower), with less to
 * detect and match.
 */
const RESULT_POINTS = 2500;
/**
 * The second look's side, when the product was not found at SEARCH_SIDE: a product drawn 150
 * px wide in a 2,048 px landscape result is 56 px at 768, too few features for ORB.
 */
const CLOSER_SEARCH_SIDE = 1536;
/** An upscale whose width and height grew by shares this close kept its frame (rounding). */
const FRAME_KEPT = 0.01;
/** How far past its matches (GEOMETRY_SIDE pixels) the product is compared: a cell. */
const FOUND_MARGIN = 24;

export async function checkPair(
  source: SourceProduct,
  image: Uint8Array,
  kind: FidelityKind,
): Promise<FidelityReport> {
  return decide(kind, await measurePair(source, image, kind));
}

/** What the check measures on one result (the benchmark reads these to set the limits). */
export async function measurePair(
  source: SourceProduct,
  image: Uint8Array,
  kind: FidelityKind = 'image',
): Promise<Measures> {
  const { cv } = await loadOpenCv();
  const base = { readable: true as const, sourcePoints: source.points.length / 2 };
  // The closer look and where the product looks alike in it, made once, when first needed.
  let closer: { result: Pixels; rough: Rough | undefined } | undefined;
  const closerLook = async () => {
    if (!closer) {
      const result = await decode(image, CLOSER_SEARCH_SIDE);
      closer = { result, rough: sizedByOutline(cv, source, result, roughly(cv, source, result)) };
    }
    return closer;
  };
  let located: Located | undefined;
  let byItsOutline = false;
  try {
    const searched = await decode(image, SEARCH_SIDE);
    located = find(cv, source, searched);
    if (kind === 'upscale') located = inFrame(source, searched, located) ?? located;
    // Not found: the product may be small in a wide frame, there twice, or smooth in a busy
    // scene whose corners took the features: a closer look, where it roughly is first.
    else if (!located) {
      const { result, rough } = await closerLook();
      // Features where it looks alike, or over the whole result when nothing does (one ORB
      // pass either way: a second over the whole result found nothing more on the real
      // photographs and cost most of a replaced product's check).
      located = rough
        ? find(cv, source, result, around(rough.box, result.width, result.height))
        : find(cv, source, result, undefined, true);
      // Still none, but the product's look as a whole is there: placed where it looks alike.
      if (!located && rough?.alike) located = byLook(source, result, rough);
      // Nor that: its colours may have changed (a hue turn defeats both), its outline not.
      const outline = located ? undefined : byOutline(cv, source, result);
      if (outline) [located, byItsOutline] = [byLook(source, result, outline), true];
    }
  } catch {
    return { readable: false, reason: { code: 'unchecked_result_image_unread' } };
  }
  if (!located) return { ...base, located: false };
  const measured = { ...base, ...(await measureAt(cv, source, located)) };
  // Another object of the product's outline is no recoloured product: its cells do not line up.
  if (byItsOutline && !linesUp(measured.changedShare)) return { ...base, located: false };
  const { inliers } = located.location;
  if (kind === 'upscale' || inliers === 0 || inliers >= PLACED_WELL) return measured;
  // A product with few features (a flat drawing, a smooth object) can be fitted by a handful
  // of wrong matches: 15 matches of a drawn cap's 55 features placed it askew, "stretched
  // 1.15x", cells unlike on half of it, where its look alone placed it exactly. Where the
  // features' placement would hold the result, its look's is measured too, and the one under
  // which the product agrees best is kept: the placement is the camera's, not the product's.
  // Only a product placed by fewer than PLACED_WELL matches: two reshapes of 408 and 454
  // matches on the real photographs, truly stretched, were faithful by their look. A change
  // stays a change under either (a recolour, a missing word); only a result held is looked at
  // again.
  if (decide(kind, measured).verdict === 'faithful') return measured;
  let again: Located | undefined;
  try {
    const { result, rough } = await closerLook();
    if (rough?.alike) again = byLook(source, result, rough);
  } catch {
    return measured;
  }
  if (!again) return measured;
  const looked = { ...base, ...(await measureAt(cv, source, again)) };
  return rank(decide(kind, looked)) < rank(decide(kind, measured)) ? looked : measured;
}

type Located = { result: Pixels; location: Location };

/**
 * A product placed by its colours whose size is in doubt (coarse.ts `sizeInDoubt`) takes its
 * outline's box where the outline matches around it, larger by more than the look's first
 * search's step: a flat product's colours match as well at a smaller size inside it (the demo's
 * plain mug 0.989 at a quarter of its size, a cap 0.984 at half its size, each "could not be
 * lined up" though faithful), where its outline matches at its own size alone (0.987, 0.950).
 * Not the other way: the outline's box can be a little small where the colours' is right (a
 * shaded foam roller: 8 % small). Only where in doubt: the outline's search on every colour
 * placement (other objects among them) added 50 ms to the check's p95.
 */
function sizedByOutline(
  cv: OpenCv,
  source: SourceProduct,
  result: Pixels,
  rough: Rough | undefined,
): Rough | undefined {
  if (!rough?.sizeInDoubt) return rough;
  const outline = byOutline(cv, source, result);
  const centre = { x: rough.box.x + rough.box.width / 2, y: rough.box.y + rough.box.height / 2 };
  return outline && inside(centre, outline.box) && outline.box.width > rough.box.width * SIZE_STEP
    ? outline
    : rough;
}

const inside = (point: { x: number; y: number }, box: Box) =>
  point.x >= box.x &&
  point.x <= box.x + box.width &&
  point.y >= box.y &&
  point.y <= box.y + box.height;

const rank = (report: FidelityReport) =>
  ['faithful', 'check_it', 'changed'].indexOf(report.verdict);

/** The product placed where its look as a whole matches (a move and a scale, no features). */
function byLook(source: SourceProduct, result: Pixels, rough: Rough): Located {
  return {
    result,
    location: { homography: placed(source.box, rough.box), inliers: 0, from: [], to: [] },
  };
}

/** The measures of the product placed by `location` in `result`. */
async function measureAt(
  cv: OpenCv,
  source: SourceProduct,
  { result, location }: Located,
): Promise<Omit<Extract<Measures, { located: true }>, 'readable' | 'sourcePoints'>> {
  const h = location.homography;
  const centre = {
    x: source.box.x + source.box.width / 2,
    y: source.box.y + source.box.height / 2,
  };
  // How large the result shows the product against the source's frame: fine detail the
  // result cannot show is not asked of it.
  const { scale } = jacobianAt(h, centre.x, centre.y);
  // The result is made a Mat once; the product and each word are warped out of it.
  const mat = resultMat(cv, result);
  let warped: ReturnType<typeof warpBack>, text: TextKept | undefined;
  try {
    warped = warpBack(cv, mat, h, source);
    const placedWell = location.inliers >= PLACED_WELL;
    text = source.words.length ? await textKept(cv, source, mat, h, scale, placedWell) : undefined;
  } finally {
    mat.delete();
  }
  const { width, height } = source;
  const found = foundArea(cv, location, width, height, FOUND_MARGIN);
  const within = (mask: Uint8Array) => mask.map((on, i) => on & found[i]!);
  const edges = {
    source: gradientMagnitude(cv, atScale(cv, source.gray, width, height, scale), width, height),
    result: {
      gradient: gradientMagnitude(cv, toGray(cv, warped), width, height),
      seen: warped.seen,
    },
  };
  const grid = compareCells(
    { ...source, mask: within(source.mask), inner: within(source.inner), gradient: edges.source },
    edges.result,
    location.inliers === 0,
  );
  const shape = structure(grid);
  // The product's cells beyond the matched area, for the colour of its dark parts alone
  // (colour-parts.ts): a part recoloured loses the features that placed it.
  const compared = new Set(grid.cells.map((c) => c.row * grid.cols + c.col));
  const beyond = compareCells(
    { ...source, gradient: edges.source },
    edges.result,
    false,
    (col, row) => compared.has(row * grid.cols + col),
  );
  // Colours where the edges agree: a cell hidden by a prop in front is not a recoloured part.
  const colour = colourParts(
    { width, rgb: source.rgb, mask: within(source.inner), whole: source.inner },
    warped,
    { ...grid, cells: grid.cells.filter(agrees) },
    beyond.cells.filter(agrees),
  );
  const region = (box: Box) => regionIn(result, h, box);
  // What grew past its outline (grown.ts): judged whole on a product placed by its look, paint
  // laid on any product.
  const { largest: grown, painted } = grownParts(cv, warped, source);
  return {
    located: true,
    inliers: location.inliers,
    stretch: stretchOf(location, Math.min(source.box.width, source.box.height)),
    structure: shape.score,
    changedShare: shape.changedShare,
    inPlaceShare: shape.inPlaceShare,
    ...(shape.unlike ? { unlike: { ...shape.unlike, region: region(shape.unlike.box) } } : {}),
    ...(shape.faded ? { faded: { ...shape.faded, region: region(shape.faded.box) } } : {}),
    ...(shape.detailChanged
      ? { detailChanged: { ...shape.detailChanged, region: region(shape.detailChanged.box) } }
      : {}),
    ...(grown && location.inliers === 0
      ? { grown: { share: grown.share, region: region(grown.box) } }
      : {}),
    ...(painted ? { painted: { share: painted.share, region: region(painted.box) } } : {}),
    ...(colour ? { colour: colourSummary(colour, region) } : {}),
    ...(text ? { text } : {}),
    productRegion: region(source.box),
  };
}

/**
 * An upscale keeps the source's frame (ProductAI's "precision upscaler"), so the product is
 * where the frame puts it, scaled: that map, not one fitted to features. A flat product's few
 * features fit a homography a pixel or two off: the demo's faithful 2x upscale of a drawn lamp
 * (42 matches) read stretched 1.016x and unlike in place on 12 % of its cells, over the
 * upscale's limit of 10 %, and was called "shape changed" (2 of 13 upscales in a demo run).
 * A result whose frame has another shape (the upscale changed the aspect) is placed by its
 * features as any result is. Matches, if any, still count the product as found.
 */
function inFrame(
  source: SourceProduct,
  result: Pixels,
  found: { location: Location } | undefined,
): Located | undefined {
  const sx = result.width / source.width,
    sy = result.height / source.height;
  if (Math.abs(sx / sy - 1) > FRAME_KEPT) return undefined;
  const homography = [sx, 0, 0, 0, sy, 0, 0, 0, 1];
  return {
    result,
    location: { homography, inliers: found?.location.inliers ?? 0, from: [], to: [] },
  };
}

/**
 * Around the look's box, the result is cropped this far past it (pixels) for its features: ORB
 * builds its pyramid over the whole image it is given, masked or not, and over a 1,536 px
 * result that pyramid was most of a closer look's detection. 128 px is more than ORB's border
 * at its coarsest level (31 px there, 1.2^7 = 3.6 times smaller: 111 px of the result), so no
 * point inside the box is lost to the crop's edge.
 */
const CROP_MARGIN = 128;

/** The product located in the result (its features taken within `area`, if given). */
function find(
  cv: OpenCv,
  source: SourceProduct,
  result: Pixels,
  area?: Box,
  copies = area !== undefined,
): Located | undefined {
  const location = locate(cv, source, resultFeatures(cv, result, area), copies);
  return location ? { result, location } : undefined;
}

/** The result's ORB features (its frame's points), within `area` if given. */
function resultFeatures(cv: OpenCv, result: Pixels, area?: Box) {
  if (!area) {
    const { width, height } = result;
    return features(cv, toGray(cv, result), undefined, width, height, RESULT_POINTS);
  }
  const margin = { x: CROP_MARGIN, y: CROP_MARGIN };
  const crop = widenedBox(area, margin, result.width, result.height);
  const { x: x0, y: y0 } = crop;
  const inside = new Uint8Array(crop.width * crop.height);
  for (let y = area.y - y0; y < area.y - y0 + area.height; y++)
    inside.fill(1, y * crop.width + area.x - x0, y * crop.width + area.x - x0 + area.width);
  const cropped = { width: crop.width, height: crop.height, rgb: cropRgb(result, crop) };
  const found = features(cv, toGray(cv, cropped), inside, crop.width, crop.height, RESULT_POINTS);
  for (let i = 0; i < found.points.length; i += 2) {
    found.points[i]! += x0;
    found.points[i + 1]! += y0;
  }
  return found;
}

/** A product image's analysis; null when it cannot be decoded. */
export async function analyseImage(image: Uint8Array): Promise<SourceProduct | null> {
  const { cv } = await loadOpenCv();
  let geometry: Pixels, reading: Pixels;
  try {
    [geometry, reading] = await Promise.all([
      decode(image, GEOMETRY_SIDE),
      decode(image, READING_SIDE),
    ]);
  } catch {
    return null;
  }
  return analyseSource(cv, geometry, reading, () => decode(image, CLOSER_READING_SIDE));
}

/** A box of the source, as located in the result, in fractions of the result. */
function regionIn(result: Pixels, h: number[], box: Box) {
  const corners = [
    project(h, box.x, box.y),
    project(h, box.x + box.width, box.y),
    project(h, box.x, box.y + box.height),
    project(h, box.x + box.width, box.y + box.height),
  ];
  const clamp = (v: number) => Math.min(1, Math.max(0, v));
  const x0 = clamp(Math.min(...corners.map((c) => c[0])) / result.width);
  const x1 = clamp(Math.max(...corners.map((c) => c[0])) / result.width);
  const y0 = clamp(Math.min(...corners.map((c) => c[1])) / result.height);
  const y1 = clamp(Math.max(...corners.map((c) => c[1])) / result.height);
  return { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
}
