/**
 * The product check on a result, as the app's badges say it: its verdict and, in the merchant's
 * language, what it found. The server sends each finding in one plain English wording
 * (src/pipeline/generations/plain-findings.ts; the app home translates the same ones through its
 * `server.*` entries); one this list does not know is said in general words, never in English
 * on a page in another language.
 */
import type { GenerationView } from '../../src/app-api/contract.ts';
import { findingColour } from '../../src/app-api/fidelity-findings.ts';
import { t } from './i18n.ts';

export type Fidelity = NonNullable<GenerationView['fidelity']>;

/** Changed is the one to stop at. */
const TONE = {
  faithful: 'success',
  check_it: 'warning',
  changed: 'critical',
  not_checked: 'neutral',
} as const;

/** The check flagged it (changed, or check it): it waits for the merchant, whatever else says. */
export function isFlagged(fidelity: Fidelity | null | undefined): fidelity is Fidelity {
  return fidelity?.verdict === 'changed' || fidelity?.verdict === 'check_it';
}

/** Each wording with its key; `(.*)` holds a colour (translated) or the product's own lettering. */
const WORDINGS: readonly [RegExp, string][] = [
  [/^product not found: it may be missing or replaced by another object$/, 'notFound'],
  [/^the (.+) part has another colour$/, 'partColour'],
  [/^the product has another colour$/, 'productColour'],
  [/^the product looks stretched$/, 'stretched'],
  [/^the product's shape or detail changed$/, 'shape'],
  [/^a logo, lettering or detail is missing or blurred$/, 'detail'],
  [/^the lettering '(.*)' is missing or changed$/s, 'lettering'],
  [/^the lettering '(.*)' could not be read again: compare it by eye$/s, 'letteringUnread'],
  [/^the product could not be lined up with its photo: compare it by eye$/, 'notLinedUp'],
];

function colourText(name: string): string | null {
  const known = findingColour(name);
  if (!known) return null;
  const colour = t(`fidelity.colours.${known.colour}`);
  return known.dark ? t('fidelity.colours.dark', { colour }) : colour;
}

export function findingText(finding: string): string {
  for (const [wording, key] of WORDINGS) {
    const match = wording.exec(finding);
    if (!match) continue;
    if (key !== 'partColour') return t(`fidelity.findings.${key}`, { text: match[1] ?? '' });
    const colour = colourText(match[1]!);
    return colour
      ? t('fidelity.findings.partColour', { colour })
      : t('fidelity.findings.productColour');
  }
  return t(finding.startsWith('not checked') ? 'fidelity.notChecked' : 'fidelity.other');
}

/** The findings in the merchant's language, each said once. */
export function fidelityReasons(fidelity: Fidelity): string {
  return [...new Set(fidelity.findings.map(findingText))].join(' · ');
}

/** Is the product still the product? The check's badge and, in plain words, what it found. */
export function FidelityLine({ fidelity }: { fidelity: Fidelity }) {
  return (
    <s-stack direction="block" gap="small-400">
      <s-stack direction="inline" gap="small-200" alignItems="center">
        <s-badge tone={TONE[fidelity.verdict]}>
          {t('fidelity.badge', { verdict: t(`fidelity.verdicts.${fidelity.verdict}`) })}
        </s-badge>
      </s-stack>
      {fidelity.findings.length > 0 && <s-paragraph>{fidelityReasons(fidelity)}</s-paragraph>}
    </s-stack>
  );
}
