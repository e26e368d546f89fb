/**
 * The fidelity check's findings as the views give them: in plain English, one wording each, and
 * coded (`finding_*`: what the pages translate). A report stored before the check coded its
 * findings is read here into today's wordings and their codes, so no client matches English:
 * the wordings before `fidelity-5` ("colour differs: ΔE 14 on the white part") are rewritten,
 * today's are coded; a wording known to neither passes as it is, with no code.
 */
import { colourText } from '../../platform/colour-name.ts';
import { englishText, type CodedText, type ErrorCode } from '../../app-api/error-codes.ts';
import type { FidelityView } from '../../app-api/contract.ts';
import type { FidelityRecord } from './generation.ts';

/** Earlier wordings, each with today's. */
const EARLIER: readonly [RegExp, (match: RegExpExecArray) => string][] = [
  [
    /^colour differs: ΔE [\d.]+ on the ((?:dark )?[a-z]+) part$/,
    ([, colour]) =>
      colourText(colour!)
        ? `the ${colour} part has another colour`
        : 'the product has another colour',
  ],
  [/^colour differs: /, () => 'the product has another colour'],
  [/^shape differs: stretched /, () => 'the product looks stretched'],
  [/^shape or detail differs on /, () => "the product's shape or detail changed"],
  [/^label text '(.*)' not found$/s, ([, text]) => `the lettering '${text}' is missing or changed`],
  [
    /^label text '(.*)' not read again$/s,
    ([, text]) => `the lettering '${text}' could not be read again: compare it by eye`,
  ],
  [/^label text changed on /, () => 'a logo, lettering or detail is missing or blurred'],
  [
    /^product not found in the result: /,
    () => 'product not found: it may be missing or replaced by another object',
  ],
];

/** `finding` in today's wording (a stored report's earlier wording rewritten). */
export function plainFinding(finding: string): string {
  for (const [earlier, today] of EARLIER) {
    const match = earlier.exec(finding);
    if (match) return today(match);
  }
  return finding;
}

const FIXED: readonly ErrorCode[] = [
  'finding_not_found',
  'finding_product_colour',
  'finding_stretched',
  'finding_shape',
  'finding_detail',
  'finding_not_lined_up',
  'finding_video',
];
const UNCHECKED: readonly ErrorCode[] = [
  'unchecked_off',
  'unchecked_shut_down',
  'unchecked_result_unread',
  'unchecked_result_image_unread',
  'unchecked_source_unread',
  'unchecked_product_image_unread',
  'unchecked_failed',
  'unchecked_no_run',
  'unchecked_little_detail',
];
const byEnglish = (codes: readonly ErrorCode[]) =>
  new Map(codes.map((code): [string, CodedText] => [englishText({ code }), { code }]));
const FIXED_BY_ENGLISH = byEnglish(FIXED);
const UNCHECKED_BY_ENGLISH = byEnglish(UNCHECKED);

/** Today's wording of a stored finding, coded; null for one the check does not write. */
export function codedFinding(finding: string): CodedText | null {
  const fixed = FIXED_BY_ENGLISH.get(finding);
  if (fixed) return fixed;
  const part = /^the (.+) part has another colour$/.exec(finding);
  const colour = part && colourText(part[1]!);
  if (colour) return { code: 'finding_part_colour', params: { colour } };
  const missing = /^the lettering '(.*)' is missing or changed$/s.exec(finding);
  if (missing) return { code: 'finding_lettering', params: { text: missing[1]! } };
  const unread = /^the lettering '(.*)' could not be read again: compare it by eye$/s.exec(finding);
  if (unread) return { code: 'finding_lettering_unread', params: { text: unread[1]! } };
  const why = /^not checked: (.*)$/s.exec(finding)?.[1];
  const unchecked = why === undefined ? null : uncheckedText(why);
  return unchecked && { code: 'finding_not_checked', params: { why: unchecked } };
}

function uncheckedText(why: string): CodedText | null {
  const slow = /^the check took longer than (\d+) s$/.exec(why);
  if (slow) return { code: 'unchecked_slow', params: { seconds: Number(slow[1]) } };
  // The worker's own error message follows it in English; the code says what happened.
  if (why.startsWith('the check failed (')) return { code: 'unchecked_failed' };
  return UNCHECKED_BY_ENGLISH.get(why) ?? null;
}

/** A stored report's findings as the views give them, in English and coded. */
export function findingsView(
  record: Pick<FidelityRecord, 'findings' | 'findingTexts'>,
): Pick<FidelityView, 'findings' | 'findingTexts'> {
  const findings = record.findings.map(plainFinding);
  return {
    findings,
    findingTexts: record.findingTexts ?? findings.map(codedFinding),
  };
}
