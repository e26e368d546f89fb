/**
 * What the worker runs: a source's analysis (`analyseImage`, kept by the checker,
 * source-cache.ts, and made ahead of the first result when the pipeline prepares it), and one
 * check of a result against an analysed source: decode, find the product, measure, decide.
 */
import type { FidelityKind, FidelityReport } from './fidelity-report.ts';
import { anisotropy, locate, project } from './locate.ts';
import { colourDrift } from './colour-drift.ts';
import { linesChanged, textKept, type TextKept } from './label-text.ts';
import { resultMat, structure, warpBack } from './measure.ts';
import { loadOpenCv } from './opencv.ts';
import { decode, type Pixels } from './pixels.ts';
import {
  CLOSER_READING_SIDE,
  GEOMETRY_SIDE,
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

export async function checkPair(
  source: SourceProduct,
  image: Uint8Array,
  kind: FidelityKind,
): Promise<FidelityReport> {
  const { cv } = await loadOpenCv();
  let result: Pixels;
  try {
    result = await decode(image, SEARCH_SIDE);
  } catch {
    return decide(kind, { readable: false, reason: 'the result image could not be read' });
  }
  const found = features(
    cv,
    toGray(cv, result),
    undefined,
    result.width,
    result.height,
    RESULT_POINTS,
  );
  const location = locate(cv, source, found);
  const base = { readable: true as const, sourcePoints: source.points.length / 2 };
  if (!location) return decide(kind, { ...base, located: false });
  const h = location.homography;
  // The result is made a Mat once; the product and each word are warped out of it.
  const mat = resultMat(cv, result);
  let warped: ReturnType<typeof warpBack>, text: TextKept | undefined, lines: number;
  try {
    warped = warpBack(cv, mat, h, source);
    text = source.words.length ? await textKept(cv, source, mat, h) : undefined;
    lines = linesChanged(cv, source, mat, h);
  } finally {
    mat.delete();
  }
  const shape = structure(cv, source, warped);
  const colour = colourDrift(cv, source, warped, shape.agrees);
  const centre = {
    x: source.box.x + source.box.width / 2,
    y: source.box.y + source.box.height / 2,
  };
  const measures: Measures = {
    ...base,
    located: true,
    inliers: location.inliers,
    stretch: anisotropy(h, centre.x, centre.y),
    structure: shape.score,
    changedShare: shape.changedShare,
    ...(colour ? { colour } : {}),
    ...(text ? { text } : {}),
    ...(source.lines.length ? { unreadLines: { of: source.lines.length, changed: lines } } : {}),
    productRegion: regionIn(result, h, source.box),
    ...(shape.changedBox ? { changedRegion: regionIn(result, h, shape.changedBox) } : {}),
  };
  return decide(kind, measures);
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
