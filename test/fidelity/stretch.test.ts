/**
 * How stretched the product is, from the affine map its matches fit: told where the matches
 * spread over the product, not where they lie along one line (a caption's letters, a rim), which
 * says nothing of the scale across it.
 */
import { expect, test } from 'vitest';
import { stretchOf, type Location } from '../../src/fidelity/locate.ts';

/** Matches at `points`, each seen `wider` times wider in the result. */
function matches(points: [number, number][], wider: number): Location {
  return {
    homography: [wider, 0, 0, 0, 1, 0, 0, 0, 1],
    inliers: points.length,
    from: points.flat(),
    to: points.flatMap(([x, y]) => [x * wider, y]),
  };
}

const PRODUCT_SIDE = 300;
/** A grid over most of the product. */
const spread = Array.from({ length: 25 }, (_, i): [number, number] => [
  100 + (i % 5) * 50,
  100 + Math.floor(i / 5) * 50,
]);
/** A line of letters under it: 150 px long, 5 px tall. */
const line = Array.from({ length: 25 }, (_, i): [number, number] => [
  100 + i * 6,
  400 + (i % 3) * 2.5,
]);
/** A watch's strap: thin but long, 20 px across a 300 px product. */
const strap = Array.from({ length: 25 }, (_, i): [number, number] => [
  140 + (i % 3) * 17,
  60 + i * 12,
]);

test('matches over the product tell its stretch', () => {
  expect(stretchOf(matches(spread, 1.3), PRODUCT_SIDE)).toBeCloseTo(1.3, 2);
});

test('matches along one line do not: the stretch is not claimed', () => {
  expect(stretchOf(matches(line, 1.3), PRODUCT_SIDE)).toBe(1);
});

test('matches along a thin but long part still tell it', () => {
  expect(stretchOf(matches(strap, 1.3), PRODUCT_SIDE)).toBeCloseTo(1.3, 2);
});
