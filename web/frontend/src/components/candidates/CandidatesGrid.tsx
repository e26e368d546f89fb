import { InlineStack, Spinner, Text } from '@shopify/polaris';
import type { ReactNode } from 'react';
import { isInFlight } from '../../lib/generation-states.ts';
import type { GenerationView } from '../../shared/contract.ts';
import { FidelitySummary } from '../Fidelity.tsx';
import { GeneratedMedia } from '../GeneratedMedia.tsx';
import { StateBadge } from '../StateBadge.tsx';
import styles from './CandidatesGrid.module.css';
import { t } from '../../i18n/index.ts';
import { storedText } from '../../i18n/coded-text.ts';

function CandidateMedia({ candidate, index }: { candidate: GenerationView; index: number }) {
  const label = t('common.optionFor', { number: index + 1, title: candidate.product.title });
  if (!candidate.result) {
    return (
      <div className={styles.placeholder} aria-label={t('common.notReadyYet', { label })}>
        {isInFlight(candidate.state) ? (
          <Spinner size="small" accessibilityLabel={t('common.beingMade')} />
        ) : null}
      </div>
    );
  }
  return <GeneratedMedia result={candidate.result} label={label} className={styles.media} />;
}

interface Props {
  candidates: readonly GenerationView[];
  /**
   * With controls that choose one candidate (radio buttons), the question they answer: the grid is
   * their group, named by it, so a screen reader says "1 of 3" and what the choice is for.
   */
  choiceLabel?: string;
  isChosen?: (candidate: GenerationView) => boolean;
  /** What the merchant does with one candidate (tick it, choose it), under its picture. */
  control: (candidate: GenerationView, index: number) => ReactNode;
}

/**
 * The candidates of one request side by side, after the product's own image: on Generate (tick
 * the ones to publish) and in Activity's viewer (choose one for a bulk run's product).
 */
export function CandidatesGrid({ candidates, choiceLabel, isChosen, control }: Props) {
  const first = candidates[0];
  return (
    <div
      className={styles.grid}
      {...(choiceLabel ? { role: 'radiogroup', 'aria-label': choiceLabel } : {})}
    >
      {first?.sourceImageUrls[0] ? (
        <figure className={styles.candidate}>
          <img
            src={first.sourceImageUrls[0]}
            alt={t('common.sourceImageOf', { title: first.product.title })}
            className={styles.media}
          />
          <Text as="span" tone="subdued">
            {t('common.yourImage')}
          </Text>
        </figure>
      ) : null}
      {candidates.map((candidate, index) => (
        <figure
          key={candidate.id}
          className={`${styles.candidate} ${isChosen?.(candidate) ? styles.chosen : ''}`}
        >
          <CandidateMedia candidate={candidate} index={index} />
          <InlineStack align="space-between" blockAlign="center" gap="100">
            <Text as="span" fontWeight="semibold">
              {t('common.option', { number: index + 1 })}
            </Text>
            <StateBadge state={candidate.state} />
          </InlineStack>
          <FidelitySummary fidelity={candidate.fidelity} />
          {candidate.state === 'failed' && candidate.reason ? (
            <Text as="p" tone="critical">
              {storedText(candidate.reasonText, candidate.reason)}
            </Text>
          ) : (
            control(candidate, index)
          )}
        </figure>
      ))}
    </div>
  );
}
