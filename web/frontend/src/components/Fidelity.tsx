import { Badge, BlockStack, Text, type BadgeProps } from '@shopify/polaris';
import { codedText } from '../i18n/coded-text.ts';
import { language, t, type MessageKey } from '../i18n/index.ts';
import type { CodedText, FidelityView } from '../shared/contract.ts';

type Verdict = FidelityView['verdict'];

/** The badge's tone and words per verdict: changed is the one to stop at. */
const VERDICTS: Readonly<Record<Verdict, { tone?: BadgeProps['tone']; label: MessageKey }>> = {
  faithful: { tone: 'success', label: 'fidelity.faithful' },
  check_it: { tone: 'attention', label: 'fidelity.check_it' },
  changed: { tone: 'critical', label: 'fidelity.changed' },
  not_checked: { label: 'fidelity.not_checked' },
};

/** The check flagged it (changed, or check it): a person should look before it goes live. */
export function isFlagged(fidelity: FidelityView | null | undefined): boolean {
  return fidelity?.verdict === 'changed' || fidelity?.verdict === 'check_it';
}

export function fidelityLabel(verdict: Verdict): string {
  return t(VERDICTS[verdict].label);
}

/** "Changed", read out as "Product check: Changed" (the badge alone does not say what it judges). */
export function FidelityBadge({ fidelity }: { fidelity: FidelityView }) {
  const { tone, label } = VERDICTS[fidelity.verdict];
  return (
    <Badge tone={tone} toneAndProgressLabelOverride={t('fidelity.label', { verdict: t(label) })}>
      {t(label)}
    </Badge>
  );
}

/**
 * A finding in the page's language, by its code (`errors.finding_*`). One the server sent with no
 * code (a report stored long ago, in a wording the server no longer knows) is said as it is on an
 * English page and in general words on a page in another language, never half in English.
 */
function findingText(english: string, coded: CodedText | null | undefined): string {
  const text = coded && codedText(coded);
  if (text) return text;
  if (language === 'en') return english;
  return t(english.startsWith('not checked') ? 'fidelity.unreadable' : 'fidelity.otherFinding');
}

/** The findings in the page's language, each said once (two unknown ones read the same). */
export function fidelityReasons(fidelity: FidelityView): string[] {
  return [
    ...new Set(
      fidelity.findings.map((english, index) =>
        findingText(english, fidelity.findingTexts?.[index]),
      ),
    ),
  ];
}

/** What the check found, in plain words under the badge (nothing for a faithful result). */
export function FidelityFindings({ fidelity }: { fidelity: FidelityView }) {
  if (fidelity.findings.length === 0) return null;
  return (
    <Text as="p" tone={fidelity.verdict === 'changed' ? 'critical' : 'subdued'}>
      {fidelityReasons(fidelity).join(' · ')}
    </Text>
  );
}

/** The badge with its findings: on every result (Activity's rows, the options). */
export function FidelitySummary({ fidelity }: { fidelity: FidelityView | null }) {
  if (!fidelity) return null;
  return (
    <BlockStack gap="100">
      <span>
        <FidelityBadge fidelity={fidelity} />
      </span>
      <FidelityFindings fidelity={fidelity} />
    </BlockStack>
  );
}

/**
 * What the check found, for the large viewer (its badge is on top, the outline on the image): in
 * plain words, never its figures (a ΔE or a score says nothing to a merchant).
 */
export function FidelityFigures({ fidelity }: { fidelity: FidelityView }) {
  const { checks, region } = fidelity;
  const lines: string[] = [];
  if (checks.text?.expected.length && !checks.text.missing.length) {
    lines.push(t('fidelity.keptText', { text: checks.text.expected.join(', ') }));
  }
  if (region && fidelity.verdict !== 'faithful') lines.push(t('fidelity.region'));
  return (
    <BlockStack gap="200">
      <FidelityFindings fidelity={fidelity} />
      {lines.length > 0 ? (
        <section aria-label={t('fidelity.figures')}>
          <ul>
            {lines.map((line) => (
              <li key={line}>
                <Text as="span">{line}</Text>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </BlockStack>
  );
}
