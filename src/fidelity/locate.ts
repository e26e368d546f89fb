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
}

/** Consistent matches below which the product counts as not found. */
export const MIN_INLIERS = 14;

export function locate(
  cv: OpenCv,
  source: SourceProduct,
  result: { points: Float32Array; descriptors: Uint8Array },
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
  for (let i = 0; i < knn.size(); i++) {
    const pair = knn.get(i);
    if (pair.size() < 2) continue;
    const best = pair.get(0);
    if (best.distance < 0.8 * pair.get(1).distance) {
      from.push(source.points[best.queryIdx * 2]!, source.points[best.queryIdx * 2 + 1]!);
      to.push(result.points[best.trainIdx * 2]!, result.points[best.trainIdx * 2 + 1]!);
    }
  }
  let location: Location | undefined;
  if (from.length / 2 >= MIN_INLIERS) {
    const a = cv.matFromArray(from.length / 2, 1, cv.CV_32FC2, from);
    const b = cv.matFromArray(to.length / 2, 1, cv.CV_32FC2, to);
    const inlierMask = new cv.Mat();
    const h = cv.findHomography(a, b, cv.RANSAC, 6, inlierMask);
    const inliers = inlierMask.data.reduce((sum, v) => sum + (v ? 1 : 0), 0);
    if (!h.empty() && inliers >= MIN_INLIERS)
      location = { homography: Array.from(h.data64F), inliers };
    for (const m of [a, b, inlierMask, h]) m.delete();
  }
  for (const o of [d1, d2, matcher, knn]) o.delete();
  return location;
}

/** Where a source point lands in the result. */
export function project(h: number[], x: number, y: number): [number, number] {
  const w = h[6]! * x + h[7]! * y + h[8]!;
  return [(h[0]! * x + h[1]! * y + h[2]!) / w, (h[3]! * x + h[4]! * y + h[5]!) / w];
}

/**
 * How much the homography stretches one way more than the other at a point (1 for a move,
 * scale or turn): a product made wider or taller fits a homography perfectly, so its shape
 * change shows here rather than in the structure.
 */
export function anisotropy(h: number[], x: number, y: number): number {
  const e = 2;
  const [x0, y0] = project(h, x, y);
  const [xa, ya] = project(h, x + e, y);
  const [xb, yb] = project(h, x, y + e);
  const a = (xa - x0) / e,
    c = (ya - y0) / e,
    b = (xb - x0) / e,
    d = (yb - y0) / e;
  // Singular values of the Jacobian [[a b] [c d]].
  const s = a * a + b * b + c * c + d * d;
  const det = Math.abs(a * d - b * c);
  const root = Math.sqrt(Math.max(0, s * s - 4 * det * det));
  const s1 = Math.sqrt((s + root) / 2);
  const s2 = Math.sqrt(Math.max(1e-12, (s - root) / 2));
  return s1 / s2;
}
