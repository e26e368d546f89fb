/**
 * Finding the source's product in the result: ORB features matched both ways of Lowe's ratio
 * test, then a RANSAC homography. A product that moved, scaled (about 0.3x to 3x), turned or
 * stands beside other objects is found; one that was replaced is not (too few consistent matches).
 */
import type { OpenCv } from './opencv.ts';
import type { SourceProduct } from './source-product.ts';

export interface Location {
  /** 3x3 row-major, source (geometry frame) to result (search frame). */
  homography: number[];
  inliers: number;
  /** The consistent matches: source and result points, x and y in turn. */
  from: number[];
  to: number[];
}

/** Consistent matches below which the product counts as not found. */
export const MIN_INLIERS = 14;
/** Two matches this far apart (search-frame pixels) are two copies of the product. */
const COPIES_APART = 24;

/**
 * `copies`: the result may show the product more than once (two product images sent are
 * staged side by side; a set of three on a shelf). Lowe's ratio test then rejects every match,
 * each point having two equally good ones; with `copies` both are kept when they lie apart,
 * and RANSAC picks one copy's consistent set. Asked for only when the plain test found nothing:
 * on a patterned product it adds many chance matches.
 */
export function locate(
  cv: OpenCv,
  source: SourceProduct,
  result: { points: Float32Array; descriptors: Uint8Array },
  copies = false,
): Location | undefined {
  const n1 = source.points.length / 2;
  const n2 = result.points.length / 2;
  if (n1 < MIN_INLIERS || n2 < MIN_INLIERS) return undefined;
  const d1 = new cv.Mat(n1, 32, cv.CV_8UC1);
  d1.data.set(source.descriptors);
  const d2 = new cv.Mat(n2, 32, cv.CV_8UC1);
  d2.data.set(result.descriptors);
  const matcher = new cv.BFMatcher(cv.NORM_HAMMING, false);
  const knn = new cv.DMatchVectorVector();
  matcher.knnMatch(d1, d2, knn, 2);
  const from: number[] = [];
  const to: number[] = [];
  const add = (m: { queryIdx: number; trainIdx: number }) => {
    from.push(source.points[m.queryIdx * 2]!, source.points[m.queryIdx * 2 + 1]!);
    to.push(result.points[m.trainIdx * 2]!, result.points[m.trainIdx * 2 + 1]!);
  };
  const apart = (a: { trainIdx: number }, b: { trainIdx: number }) =>
    Math.hypot(
      result.points[a.trainIdx * 2]! - result.points[b.trainIdx * 2]!,
      result.points[a.trainIdx * 2 + 1]! - result.points[b.trainIdx * 2 + 1]!,
    ) > COPIES_APART;
  for (let i = 0; i < knn.size(); i++) {
    const pair = knn.get(i);
    if (pair.size() < 2) continue;
    const best = pair.get(0),
      next = pair.get(1);
    if (best.distance < 0.8 * next.distance) add(best);
    else if (copies && next.distance <= best.distance * 1.1 && apart(best, next)) {
      add(best);
      add(next);
    }
  }
  let location: Location | undefined;
  if (from.length / 2 >= MIN_INLIERS) {
    const a = cv.matFromArray(from.length / 2, 1, cv.CV_32FC2, from);
    const b = cv.matFromArray(to.length / 2, 1, cv.CV_32FC2, to);
    const inlierMask = new cv.Mat();
    const h = cv.findHomography(a, b, cv.RANSAC, 6, inlierMask);
    const kept = inlierMask.data;
    const inFrom: number[] = [],
      inTo: number[] = [];
    for (let i = 0; i < kept.length; i++)
      if (kept[i]) {
        inFrom.push(from[i * 2]!, from[i * 2 + 1]!);
        inTo.push(to[i * 2]!, to[i * 2 + 1]!);
      }
    const homography = h.empty() ? [] : Array.from(h.data64F);
    const candidate = { homography, inliers: inFrom.length / 2, from: inFrom, to: inTo };
    if (candidate.inliers >= MIN_INLIERS && plausible(candidate)) location = candidate;
    for (const m of [a, b, inlierMask, h]) m.delete();
  }
  for (const o of [d1, d2, matcher, knn]) o.delete();
  return location;
}

/**
 * A homography a real camera could give of the product: it keeps the product's side up (no
 * mirror), scales it between a tenth and ten times, and stretches it less than twofold (its
 * slope at the matches' centre less than threefold). RANSAC on a few chance matches returns
 * wild ones (a landscape result once gave 10× one way); those are not the product found.
 */
function plausible(location: Location): boolean {
  const { homography: h, from } = location;
  if (h.length !== 9 || affineStretch(location) >= 2) return false;
  const n = from.length / 2;
  let cx = 0,
    cy = 0;
  for (let i = 0; i < n; i++) {
    cx += from[i * 2]! / n;
    cy += from[i * 2 + 1]! / n;
  }
  const { scale, stretch, mirrored } = jacobianAt(h, cx, cy);
  return !mirrored && scale > 0.1 && scale < 10 && stretch < 3;
}

/** Where a source point lands in the result. */
export function project(h: number[], x: number, y: number): [number, number] {
  const w = h[6]! * x + h[7]! * y + h[8]!;
  return [(h[0]! * x + h[1]! * y + h[2]!) / w, (h[3]! * x + h[4]! * y + h[5]!) / w];
}

/** The homography's local scale (area), stretch and orientation at a source point. */
export function jacobianAt(h: number[], x: number, y: number) {
  const e = 2;
  const [x0, y0] = project(h, x, y);
  const [xa, ya] = project(h, x + e, y);
  const [xb, yb] = project(h, x, y + e);
  return singular((xa - x0) / e, (xb - x0) / e, (ya - y0) / e, (yb - y0) / e);
}

/**
 * How much the product is stretched one way more than the other (1 for a move, scale or turn),
 * from the affine map that fits the consistent matches best (least squares): a product made
 * wider or taller fits a homography perfectly, so its shape change shows here rather than in
 * the structure. The affine fit, not the homography's slope at one point: a real product seen
 * a few degrees turned gives a homography whose perspective stretches it 1.05-1.07× near its
 * centre, while its matches as a whole are barely stretched.
 */
export function stretchOf(location: Location, productSide: number): number {
  // Placed by its look alone (coarse.ts): a move and a scale.
  if (location.from.length < 6 || alongOneLine(location.from, productSide)) return 1;
  return affineStretch(location);
}

/** The least-squares affine map's stretch, whatever the matches' spread. */
function affineStretch(location: Location): number {
  const { from, to } = location;
  const n = from.length / 2;
  if (n < 3) return 1;
  // Normal equations of [x y 1] · [a b c]ᵀ = x' (and likewise for y').
  const m = [0, 0, 0, 0, 0, 0, 0, 0, 0];
  const vx = [0, 0, 0],
    vy = [0, 0, 0];
  for (let i = 0; i < n; i++) {
    const row = [from[i * 2]!, from[i * 2 + 1]!, 1];
    for (let r = 0; r < 3; r++) {
      for (let c = 0; c < 3; c++) m[r * 3 + c]! += row[r]! * row[c]!;
      vx[r]! += row[r]! * to[i * 2]!;
      vy[r]! += row[r]! * to[i * 2 + 1]!;
    }
  }
  const [a = 1, b = 0] = solve3(m, vx),
    [c = 0, d = 1] = solve3(m, vy);
  return singular(a, b, c, d).stretch;
}

/**
 * Matches that lie along one line do not tell a stretch across it: their spread across is under
 * a quarter of their spread along it and under 3 % of the product's shorter side. On flat drawn
 * products the matches fell on a caption's line of letters (spread across 0.9-1.9 % of the
 * product) and read "stretched 1.14-1.50x" on faithful results (5 of 168 in the demo's
 * pipeline); a real faithful product matched along its rim read 1.19x (1.9 %). A watch strap's
 * matches, thin but long (4.9 %), still tell its real stretch (1.28x).
 */
function alongOneLine(points: number[], productSide: number): boolean {
  const n = points.length / 2;
  let mx = 0,
    my = 0;
  for (let i = 0; i < n; i++) [mx, my] = [mx + points[i * 2]! / n, my + points[i * 2 + 1]! / n];
  let xx = 0,
    yy = 0,
    xy = 0;
  for (let i = 0; i < n; i++) {
    const dx = points[i * 2]! - mx,
      dy = points[i * 2 + 1]! - my;
    [xx, yy, xy] = [xx + (dx * dx) / n, yy + (dy * dy) / n, xy + (dx * dy) / n];
  }
  const half = (xx + yy) / 2;
  const root = Math.sqrt(Math.max(0, half * half - (xx * yy - xy * xy)));
  const across = Math.sqrt(Math.max(0, half - root)),
    along = Math.sqrt(half + root);
  return across < 0.25 * along && across < 0.03 * productSide;
}

/** Singular values of [[a b] [c d]]: scale (their product's root), stretch (their ratio). */
function singular(a: number, b: number, c: number, d: number) {
  const s = a * a + b * b + c * c + d * d;
  const det = a * d - b * c;
  const root = Math.sqrt(Math.max(0, s * s - 4 * det * det));
  const s1 = Math.sqrt((s + root) / 2);
  const s2 = Math.sqrt(Math.max(1e-12, (s - root) / 2));
  return { scale: Math.sqrt(Math.abs(det)), stretch: s1 / s2, mirrored: det < 0 };
}

/** Cramer's rule for a 3x3 system (row-major). */
function solve3(m: number[], v: number[]): number[] {
  const det = (k: number[]) =>
    k[0]! * (k[4]! * k[8]! - k[5]! * k[7]!) -
    k[1]! * (k[3]! * k[8]! - k[5]! * k[6]!) +
    k[2]! * (k[3]! * k[7]! - k[4]! * k[6]!);
  const d = det(m) || 1e-12;
  return [0, 1, 2].map((col) => {
    const k = [...m];
    for (let r = 0; r < 3; r++) k[r * 3 + col] = v[r]!;
    return det(k) / d;
  });
}

/**
 * The part of the source where the product was found: the convex hull of the consistent
 * matches, widened by `margin` pixels (GEOMETRY_SIDE frame). A source's cut-out often takes in
 * some background (a backdrop's bright spot, the shadow under the product: GrabCut keeps what
 * differs from the frame's edge), which the result replaces with its scene; compared, it reads
 * as a changed part of the product. The matches lie on the product itself.
 */
export function foundArea(
  cv: OpenCv,
  location: Location,
  width: number,
  height: number,
  margin: number,
): Uint8Array {
  // Placed by its look alone (coarse.ts): no matches, the whole product is compared.
  if (location.from.length < 6) return new Uint8Array(width * height).fill(1);
  const points = cv.matFromArray(location.from.length / 2, 1, cv.CV_32FC2, location.from);
  const hull = new cv.Mat();
  cv.convexHull(points, hull, false, true);
  const corners = new cv.Mat();
  hull.convertTo(corners, cv.CV_32SC2);
  const area = cv.Mat.zeros(height, width, cv.CV_8UC1);
  const polygons = new cv.MatVector();
  polygons.push_back(corners);
  cv.fillPoly(area, polygons, new cv.Scalar(1));
  const kernel = cv.Mat.ones(2 * margin + 1, 2 * margin + 1, cv.CV_8U);
  const widened = new cv.Mat();
  cv.dilate(area, widened, kernel);
  const out = Uint8Array.from(widened.data);
  for (const m of [points, hull, corners, area, polygons, kernel, widened]) m.delete();
  return out;
}
