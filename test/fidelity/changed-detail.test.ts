/**
 * The product's own detail changed, all else kept: a block of touching cells over the source's
 * detail (its letters, a logo, a display) whose edges disagree even aligned on their own
 * (lettering or a logo written over, which no word read on the source covered). A line of such
 * cells along a rim is the camera's, and a product placed by a few matches may be placed askew.
 */
import { expect, test } from 'vitest';
import { decide, type Measures } from '../../src/fidelity/verdict.ts';

const region = { x: 0.4, y: 0.4, width: 0.1, height: 0.1 };

/** A product placed by `inliers` matches, faithful in every measure but one block of detail. */
function withChangedDetail(
  cells: number,
  box: { width: number; height: number },
  inliers = 300,
): Measures {
  const part = { share: cells / 150, cells, box, region };
  return {
    readable: true,
    sourcePoints: 1400,
    located: true,
    inliers,
    stretch: 1.01,
    structure: 0.95,
    changedShare: cells / 150,
    inPlaceShare: 0.05,
    unlike: part,
    detailChanged: part,
    productRegion: { x: 0.2, y: 0.2, width: 0.6, height: 0.6 },
  };
}

test('five unlike cells in a block over the detail of a product placed well: changed, outlined', () => {
  const report = decide('image', withChangedDetail(5, { width: 48, height: 72 }));
  expect(report.verdict).toBe('changed');
  expect(report.findings).toEqual(["the product's shape or detail changed"]);
  expect(report.region).toEqual(region);
});

test('a line of them one cell wide (a rim, a seam) is not', () => {
  expect(decide('image', withChangedDetail(7, { width: 24, height: 168 })).verdict).toBe(
    'faithful',
  );
});

test('four together are not', () => {
  expect(decide('image', withChangedDetail(4, { width: 48, height: 48 })).verdict).toBe('faithful');
});

test('nor a block on a product placed by a few matches, which may be placed a little askew', () => {
  expect(decide('image', withChangedDetail(6, { width: 72, height: 48 }, 30)).verdict).toBe(
    'faithful',
  );
});
