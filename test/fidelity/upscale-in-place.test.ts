/**
 * An upscale keeps the source's frame, so its cells are compared where the frame puts them: a
 * warp disagrees there on most of them, a faithful upscale of a thin-framed product on a few
 * (the demo's lounge chair: 12 %, once called "shape changed").
 */
import { expect, test } from 'vitest';
import { decide, type Measures } from '../../src/fidelity/verdict.ts';

const region = { x: 0.2, y: 0.2, width: 0.6, height: 0.6 };

/** The demo chair's faithful upscale, as measured: placed by its frame, 41 matches. */
const chair: Measures = {
  readable: true,
  sourcePoints: 78,
  located: true,
  inliers: 41,
  stretch: 1,
  structure: 0.945,
  changedShare: 0.048,
  inPlaceShare: 0.119,
  unlike: { share: 0.048, cells: 4, box: { width: 96, height: 24 }, region },
  colour: { deltaE: 0 },
  productRegion: region,
};

test('a faithful upscale whose thin frame disagrees in place on 12 % of its cells is faithful', () => {
  expect(decide('upscale', chair).verdict).toBe('faithful');
});

test('an upscale warped by the weakest wave the demo makes (31 % of its cells) is changed', () => {
  const report = decide('upscale', { ...chair, inPlaceShare: 0.306 });
  expect(report.verdict).toBe('changed');
  expect(report.findings).toEqual(["the product's shape or detail changed"]);
});
