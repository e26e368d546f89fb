/**
 * Reports stored before the check wrote plain wordings read in today's words
 * (src/pipeline/generations/plain-findings.ts): the API's views say what and where, never a ΔE
 * nor a percentage, so every page reads one set of wordings.
 */
import { expect, test } from 'vitest';
import { plainFinding } from '../../../src/pipeline/generations/plain-findings.ts';

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
