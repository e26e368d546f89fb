/**
 * A part of the product that changed, all else kept: a group of touching cells whose edges
 * disagree even when each is aligned on its own (other words written over a label that the
 * source's text read did not cover, a logo redrawn). A line of such cells along a rim is the
 * camera's, not a change.
 */
import { expect, test } from 'vitest';
import { decide, type Measures } from '../../src/fidelity/verdict.ts';

const region = { x: 0.4, y: 0.4, width: 0.1, height: 0.1 };

/** A product placed by `inliers` matches, faithful in every measure but its largest unlike group. */
function withUnlike(
  cells: number,
  box: { width: number; height: number },
  inliers = 300,
): Measures {
  return {
    readable: true,
    sourcePoints: 1400,
    located: true,
    inliers,
    stretch: 1.01,
    structure: 0.95,
    changedShare: cells / 150,
    inPlaceShare: 0.05,
    unlike: { share: cells / 150, cells, box, region },
    productRegion: { x: 0.2, y: 0.2, width: 0.6, height: 0.6 },
  };
}

test('a block of five unlike cells on a product placed well is a part that changed, outlined', () => {
  const report = decide('image', withUnlike(5, { width: 48, height: 72 }));
  expect(report.verdict).toBe('changed');
  expect(report.findings).toEqual(["the product's shape or detail changed"]);
  expect(report.region).toEqual(region);
});

test('a line of unlike cells one cell wide (a rim, a seam) is not', () => {
  expect(decide('image', withUnlike(7, { width: 24, height: 168 })).verdict).toBe('faithful');
});

test('three unlike cells together are not', () => {
  expect(decide('image', withUnlike(3, { width: 48, height: 48 })).verdict).toBe('faithful');
});

test('nor a block on a product placed by a few matches, which may be placed a little askew', () => {
  expect(decide('image', withUnlike(6, { width: 72, height: 48 }, 30)).verdict).toBe('faithful');
});
