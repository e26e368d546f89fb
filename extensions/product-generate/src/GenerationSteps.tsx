import { useEffect, useState } from 'preact/hooks';
import type { GenerationView } from '../../../src/app-api/contract.ts';
import { appApi } from '../../shared/app-api.ts';
import { isMoving, STEP_OF, STEPS } from '../../shared/generation-progress.ts';
import { t } from '../../shared/i18n.ts';

/** As the app's Generate page follows a generation: every 2 s while it moves. */
const POLL_MS = 2_000;

/** The generation as the app has it now, read again every POLL_MS while it moves. */
function useFollowed(initial: GenerationView): GenerationView {
  const [generation, setGeneration] = useState(initial);
  useEffect(() => {
    if (!isMoving(generation.state)) return;
    let current = true;
    const timer = setTimeout(() => {
      appApi.generation(generation.id).then(
        (next) => current && setGeneration(next),
        // A failed read (network, a restart): keep what is shown and ask again.
        () => current && setGeneration((shown) => ({ ...shown })),
      );
    }, POLL_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [generation]);
  return generation;
}

/** The fidelity check's verdict as the app's badges show it: changed is the one to stop at. */
const FIDELITY_TONE = {
  faithful: 'success',
  check_it: 'warning',
  changed: 'critical',
  not_checked: 'neutral',
} as const;

/** Is the product still the product? The check's badge and, in plain words, what it found. */
function FidelityLine({ fidelity }: { fidelity: NonNullable<GenerationView['fidelity']> }) {
  return (
    <s-stack direction="inline" gap="small-200" alignItems="center">
      <s-badge tone={FIDELITY_TONE[fidelity.verdict]}>
        {t('progress.fidelity', { verdict: t(`progress.verdicts.${fidelity.verdict}`) })}
      </s-badge>
      {fidelity.findings.length > 0 && <s-paragraph>{fidelity.findings.join(' · ')}</s-paragraph>}
    </s-stack>
  );
}

function stepStatus(index: number, at: number, published: boolean): string {
  if (index < at || published) return t('progress.done');
  return index === at ? t('progress.now') : t('progress.next');
}

/**
 * Where the generation is, step by step, until the photo is on the product (or waits for
 * review, or failed). The sentence under the steps is a live region (role status), so a screen
 * reader hears each change without moving focus.
 */
export function GenerationSteps(props: { generation: GenerationView }) {
  const generation = useFollowed(props.generation);
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
              {t(`progress.states.${generation.state}`)}
              {generation.state === 'failed' && generation.reason ? ` ${generation.reason}` : ''}
            </s-paragraph>
          </s-stack>
        </s-box>
        {generation.fidelity && <FidelityLine fidelity={generation.fidelity} />}
      </s-stack>
    </s-section>
  );
}
