/**
 * Reports stored before the check wrote plain wordings read in today's words
 * (src/pipeline/generations/plain-findings.ts): the API's views say what and where, never a ΔE
 * nor a percentage, so every page reads one set of wordings.
 */
import { expect, test } from 'vitest';
import { findingsView, plainFinding } from '../../../src/pipeline/generations/plain-findings.ts';

test("an earlier colour finding names the part's colour, without its ΔE", () => {
  expect(plainFinding('colour differs: ΔE 8 on the dark blue part')).toBe(
    'the dark blue part has another colour',
  );
  expect(plainFinding('colour differs: ΔE 14 on the body')).toBe('the product has another colour');
});

test('earlier shape and label findings drop their figures', () => {
  expect(plainFinding('shape differs: stretched 1.06× one way')).toBe(
    'the product looks stretched',
  );
  expect(plainFinding('shape or detail differs on 91 % of the product')).toBe(
    "the product's shape or detail changed",
  );
  expect(plainFinding("label text 'ALPINE' not found")).toBe(
    "the lettering 'ALPINE' is missing or changed",
  );
  expect(plainFinding('label text changed on 2 of 3 lines (not read on the product image)')).toBe(
    'a logo, lettering or detail is missing or blurred',
  );
});

test("today's wordings and the not-checked reasons pass as they are", () => {
  for (const finding of [
    'the white part has another colour',
    'not checked: videos are not checked against the product',
  ]) {
    expect(plainFinding(finding)).toBe(finding);
  }
});

test("a report stored before codes is coded from today's wordings, its colour coded in turn", () => {
  const view = findingsView({
    findings: [
      'colour differs: ΔE 8 on the dark blue part',
      "the lettering 'ALPINE' could not be read again: compare it by eye",
      'not checked: the check took longer than 20 s',
    ],
  });
  expect(view.findingTexts).toEqual([
    {
      code: 'finding_part_colour',
      params: { colour: { code: 'colour_dark', params: { colour: { code: 'colour_blue' } } } },
    },
    { code: 'finding_lettering_unread', params: { text: 'ALPINE' } },
    {
      code: 'finding_not_checked',
      params: { why: { code: 'unchecked_slow', params: { seconds: 20 } } },
    },
  ]);
});

test('a wording the server no longer knows has no code: the pages say it in general words', () => {
  expect(findingsView({ findings: ['the beige part has another colour'] }).findingTexts).toEqual([
    null,
  ]);
});

test('a report stored with codes gives them as they are, whatever its English says', () => {
  const findingTexts = [{ code: 'finding_stretched' as const }];
  expect(
    findingsView({ findings: ['the product was stretched'], findingTexts }).findingTexts,
  ).toEqual(findingTexts);
});
