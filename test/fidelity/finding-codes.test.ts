/**
 * Each finding of the check comes coded beside its English (src/fidelity/verdict.ts): the pages
 * translate the code, so the English, kept for the history and the holds, reads as it did.
 */
import { expect, test } from 'vitest';
import { englishText } from '../../src/app-api/error-codes.ts';
import { decide, uncheckable, type Measures } from '../../src/fidelity/verdict.ts';

const region = { x: 0.2, y: 0.2, width: 0.6, height: 0.6 };

/** A product placed well whose dark blue part drifted and whose lettering 'ALPINE' is gone. */
const changed: Measures = {
  readable: true,
  sourcePoints: 1400,
  located: true,
  inliers: 300,
  stretch: 1.01,
  structure: 0.95,
  changedShare: 0.05,
  inPlaceShare: 0.05,
  colour: { deltaE: 1, part: { deltaE: 20, share: 0.2, name: 'dark blue', region } },
  text: { expected: ['ALPINE'], missing: ['ALPINE'], unread: [] },
  productRegion: region,
};

test("a part's colour is coded with its colour word coded in turn, the lettering as read", () => {
  const report = decide('image', changed);
  expect(report.findings).toEqual([
    'the dark blue part has another colour',
    "the lettering 'ALPINE' is missing or changed",
  ]);
  expect(report.findingTexts).toEqual([
    {
      code: 'finding_part_colour',
      params: { colour: { code: 'colour_dark', params: { colour: { code: 'colour_blue' } } } },
    },
    { code: 'finding_lettering', params: { text: 'ALPINE' } },
  ]);
});

test('a finding said by several measures is coded once, as its English is said once', () => {
  const unlike = { share: 0.8, cells: 120, box: { width: 240, height: 240 }, region };
  const report = decide('image', { ...changed, changedShare: 0.8, inPlaceShare: 0.8, unlike });
  expect(report.findingTexts.map(englishText)).toEqual(report.findings);
  expect(report.findingTexts.filter((text) => text.code === 'finding_shape')).toHaveLength(1);
});

test("a result not checked says why by code; the error's own words stay in the English", () => {
  const report = uncheckable({ code: 'unchecked_failed' }, 'the check failed (out of memory)');
  expect(report.findings).toEqual(['not checked: the check failed (out of memory)']);
  expect(report.findingTexts).toEqual([
    { code: 'finding_not_checked', params: { why: { code: 'unchecked_failed' } } },
  ]);
});
