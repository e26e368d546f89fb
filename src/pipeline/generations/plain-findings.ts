/**
 * The fidelity check's findings in the plain wordings the app's pages translate (one sentence
 * each, what and where, no figures: `server.*` in web/frontend's locale files, `fidelity.findings.*` in
 * the extensions'). Reports stored before the check wrote these wordings (`fidelity-4` and
 * earlier: "colour differs: ΔE 14 on the white part") are read in today's words here, so every
 * client reads one set of wordings; a wording not listed here passes as it is.
 */
import { findingColour } from '../../app-api/fidelity-findings.ts';

/** Earlier wordings, each with today's. */
const EARLIER: readonly [RegExp, (match: RegExpExecArray) => string][] = [
  [
    /^colour differs: ΔE [\d.]+ on the ((?:dark )?[a-z]+) part$/,
    ([, colour]) =>
      findingColour(colour!)
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
