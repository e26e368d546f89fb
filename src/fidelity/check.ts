/**
 * What the worker runs: a source's analysis (`analyseImage`, kept by the checker,
 * source-cache.ts, and made ahead of the first result when the pipeline prepares it), and one
 * check of a result against an analysed source: decode, find the product, measure (each cell
 * of it aligned on its own, colours per part), decide.
 */
import type { FidelityKind, FidelityReport } from './fidelity-report.ts';
import { compareCells } from './cells.ts';
import { around, placed, roughly } from './coarse.ts';
import { colourSummary } from './colour-summary.ts';
import { colourParts } from './colour-parts.ts';
import { foundArea, jacobianAt, locate, project, stretchOf, type Location } from './locate.ts';
import { textKept, type TextKept } from './label-text.ts';
import { agrees, resultMat, structure, warpBack } from './measure.ts';
import { loadOpenCv, type OpenCv } from './opencv.ts';
import { decode, type Pixels } from './pixels.ts';
import {
  atScale,
  CLOSER_READING_SIDE,
  GEOMETRY_SIDE,
  gradientMagnitude,
  READING_SIDE,
  SEARCH_SIDE,
  toGray,
  type Box,
} from './raster.ts';
import { analyseSource, features, type SourceProduct } from './source-product.ts';
import { decide, type Measures } from './verdict.ts';

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
/**
 * A product found by its look alone (coarse.ts) this alike is taken as placed there: measured
 * on real catalogue products put into real scenes, the same product matched 0.8 or more where
 * features found nothing (an exercise ball: 0.85).
 */
const LOOKS_ALIKE = 0.75;
/** How far past its matches (GEOMETRY_SIDE pixels) the product is compared: a cell. */
const FOUND_MARGIN = 24;

export async function checkPair(
  source: SourceProduct,
  image: Uint8Array,
  kind: FidelityKind,
): Promise<FidelityReport> {
  return decide(kind, await measurePair(source, image));
}

/** What the check measures on one result (the benchmark reads these to set the limits). */
export async function measurePair(source: SourceProduct, image: Uint8Array): Promise<Measures> {
  const { cv } = await loadOpenCv();
  const base = { readable: true as const, sourcePoints: source.points.length / 2 };
  let located: { result: Pixels; location: Location } | undefined;
  try {
    located = find(cv, source, await decode(image, SEARCH_SIDE));
    // Not found: the product may be small in a wide frame, there twice, or smooth in a busy
    // scene whose corners took the features: a closer look, where it roughly is first.
    if (!located) {
      const closer = await decode(image, CLOSER_SEARCH_SIDE);
      const rough = roughly(cv, source, closer);
      // Features where it looks alike, or over the whole result when nothing does (one ORB
      // pass either way: a second over the whole result found nothing more on the real
      // photographs and cost most of a replaced product's check).
      located = rough
        ? find(cv, source, closer, around(rough.box, closer.width, closer.height))
        : find(cv, source, closer, undefined, true);
      // Still none, but the product's look as a whole is there: placed where it looks alike.
      if (!located && rough && rough.score >= LOOKS_ALIKE)
        located = {
          result: closer,
          location: { homography: placed(source.box, rough.box), inliers: 0, from: [], to: [] },
        };
    }
  } catch {
    return { readable: false, reason: 'the result image could not be read' };
  }
  if (!located) return { ...base, located: false };
  const { result, location } = located;
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
    text = source.words.length ? await textKept(cv, source, mat, h, scale) : undefined;
  } finally {
    mat.delete();
  }
  const { width, height } = source;
  const found = foundArea(cv, location, width, height, FOUND_MARGIN);
  const within = (mask: Uint8Array) => mask.map((on, i) => on & found[i]!);
  const grid = compareCells(
    {
      ...source,
      mask: within(source.mask),
      inner: within(source.inner),
      gradient: gradientMagnitude(
        cv,
        atScale(cv, source.gray, width, height, scale),
        width,
        height,
      ),
    },
    { gradient: gradientMagnitude(cv, toGray(cv, warped), width, height), seen: warped.seen },
  );
  const shape = structure(grid);
  // Colours where the edges agree: a cell hidden by a prop in front is not a recoloured part.
  const seenAsItIs = { ...grid, cells: grid.cells.filter(agrees) };
  const colour = colourParts(
    { width, rgb: source.rgb, mask: within(source.inner) },
    warped,
    seenAsItIs,
  );
  const region = (box: Box) => regionIn(result, h, box);
  return {
    ...base,
    located: true,
    inliers: location.inliers,
    stretch: stretchOf(location, Math.min(source.box.width, source.box.height)),
    structure: shape.score,
    changedShare: shape.changedShare,
    inPlaceShare: shape.inPlaceShare,
    ...(shape.unlike ? { unlike: { ...shape.unlike, region: region(shape.unlike.box) } } : {}),
    ...(shape.faded ? { faded: { ...shape.faded, region: region(shape.faded.box) } } : {}),
    ...(colour ? { colour: colourSummary(colour, region) } : {}),
    ...(text ? { text } : {}),
    productRegion: region(source.box),
  };
}

/** The product located in the result (its features taken within `area`, if given). */
function find(
  cv: OpenCv,
  source: SourceProduct,
  result: Pixels,
  area?: Uint8Array,
  copies = area !== undefined,
): { result: Pixels; location: Location } | undefined {
  const { width, height } = result;
  const points = features(cv, toGray(cv, result), area, width, height, RESULT_POINTS);
  const location = locate(cv, source, points, copies);
  return location ? { result, location } : undefined;
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
