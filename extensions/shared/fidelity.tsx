/**
 * The product check on a result, as the app's badges say it: its verdict and, in the merchant's
 * language, what it found: each finding by its code (src/pipeline/generations/plain-findings.ts
 * gives them, those of older reports too), never by its English.
 */
import type { CodedText, GenerationView } from '../../src/app-api/contract.ts';
import { codedText } from './coded-text.ts';
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

/**
 * A finding in the merchant's language, by its code (`errors.finding_*`); one the app sent with
 * no code (a report stored long ago, in a wording it no longer knows) in general words.
 */
export function findingText(english: string, coded: CodedText | null | undefined): string {
  return (
    (coded && codedText(coded)) ??
    t(english.startsWith('not checked') ? 'fidelity.notChecked' : 'fidelity.other')
  );
}

/** The findings in the merchant's language, each said once. */
export function fidelityReasons(fidelity: Fidelity): string {
  const texts = fidelity.findings.map((english, index) =>
    findingText(english, fidelity.findingTexts?.[index]),
  );
  return [...new Set(texts)].join(' · ');
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
