import { InlineStack, Spinner, Text } from '@shopify/polaris';
import type { ReactNode } from 'react';
import { isInFlight } from '../../lib/generation-states.ts';
import type { GenerationView } from '../../shared/contract.ts';
import { FidelitySummary } from '../Fidelity.tsx';
import { GeneratedMedia } from '../GeneratedMedia.tsx';
import { StateBadge } from '../StateBadge.tsx';
import styles from './OptionsGrid.module.css';
import { t } from '../../i18n/index.ts';
import { storedText } from '../../i18n/coded-text.ts';

function OptionMedia({ option, index }: { option: GenerationView; index: number }) {
  const label = t('common.optionFor', { number: index + 1, title: option.product.title });
  if (!option.result) {
    return (
      <div className={styles.placeholder} aria-label={t('common.notReadyYet', { label })}>
        {isInFlight(option.state) ? (
          <Spinner size="small" accessibilityLabel={t('common.beingMade')} />
        ) : null}
      </div>
    );
  }
  return <GeneratedMedia result={option.result} label={label} className={styles.media} />;
}

interface Props {
  options: readonly GenerationView[];
  /**
   * With controls that choose one option (radio buttons), the question they answer: the grid is
   * their group, named by it, so a screen reader says "1 of 3" and what the choice is for.
   */
  choiceLabel?: string;
  isChosen?: (option: GenerationView) => boolean;
  /** What the merchant does with one option (tick it, choose it), under its picture. */
  control: (option: GenerationView, index: number) => ReactNode;
}

/**
 * The options of one request side by side, after the product's own image: on Generate (tick
 * the ones to publish) and in Activity's viewer (choose one for a bulk run's product).
 */
export function OptionsGrid({ options, choiceLabel, isChosen, control }: Props) {
  const first = options[0];
  return (
    <div
      className={styles.grid}
      {...(choiceLabel ? { role: 'radiogroup', 'aria-label': choiceLabel } : {})}
    >
      {first?.sourceImageUrls[0] ? (
        <figure className={styles.option}>
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
      {options.map((option, index) => (
        <figure
          key={option.id}
          className={`${styles.option} ${isChosen?.(option) ? styles.chosen : ''}`}
        >
          <OptionMedia option={option} index={index} />
          <InlineStack align="space-between" blockAlign="center" gap="100">
            <Text as="span" fontWeight="semibold">
              {t('common.option', { number: index + 1 })}
            </Text>
            <StateBadge state={option.state} />
          </InlineStack>
          <FidelitySummary fidelity={option.fidelity} />
          {option.state === 'failed' && option.reason ? (
            <Text as="p" tone="critical">
              {storedText(option.reasonText, option.reason)}
            </Text>
          ) : (
            control(option, index)
          )}
        </figure>
      ))}
    </div>
  );
}
