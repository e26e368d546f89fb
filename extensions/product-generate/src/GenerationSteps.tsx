import type { GenerationView } from '../../../src/app-api/contract.ts';
import type { ShopClock } from '../../../src/app-api/shop-time.ts';
import { storedText } from '../../shared/coded-text.ts';
import { FidelityLine, isFlagged } from '../../shared/fidelity.tsx';
import { isMoving, STEP_OF, STEPS } from '../../shared/generation-progress.ts';
import { t } from '../../shared/i18n.ts';
import { waitingText } from '../../shared/waiting-text.ts';

function stepStatus(index: number, at: number, published: boolean): string {
  if (index < at || published) return t('progress.done');
  return index === at ? t('progress.now') : t('progress.next');
}

/**
 * Where the generation is, step by step, until the photo is on the product (or waits for
 * review, or failed). The sentence under the steps is a live region (role status), so a screen
 * reader hears each change without moving focus.
 */
export function GenerationSteps({
  generation,
  clock,
}: {
  generation: GenerationView;
  /** The shop's clock: a wait says until when on it. */
  clock: ShopClock;
}) {
  const held = generation.state === 'in_review' && isFlagged(generation.fidelity);
  const step = STEP_OF[generation.state];
  const at = step === null ? -1 : STEPS.indexOf(step);
  const published = generation.state === 'published';
  return (
    <s-section heading={t('progress.heading')}>
      <s-stack direction="block" gap="small-200">
        {step !== null && (
          <s-ordered-list>
            {STEPS.map((name, index) => (
              <s-list-item key={name}>
                {t('progress.stepStatus', {
                  step: t(`progress.steps.${name}`),
                  status: stepStatus(index, at, published),
                })}
              </s-list-item>
            ))}
          </s-ordered-list>
        )}
        <s-box accessibilityRole="status">
          <s-stack direction="inline" gap="small-200" alignItems="center">
            {isMoving(generation.state) && (
              <s-spinner accessibilityLabel={t('progress.working')} size="base" />
            )}
            <s-paragraph>
              {held
                ? t('progress.states.held')
                : (waitingText(generation, clock) ?? t(`progress.states.${generation.state}`))}
              {generation.state === 'failed' && generation.reason
                ? ` ${storedText(generation.reasonText, generation.reason, clock)}`
                : ''}
            </s-paragraph>
          </s-stack>
        </s-box>
        {generation.fidelity && <FidelityLine fidelity={generation.fidelity} />}
      </s-stack>
    </s-section>
  );
}
