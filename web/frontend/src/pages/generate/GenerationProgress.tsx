import {
  Banner,
  BlockStack,
  Button,
  Card,
  InlineStack,
  Link,
  ProgressBar,
  Text,
} from '@shopify/polaris';
import { useResource } from '../../api/useResource.ts';
import { ErrorBanner } from '../../components/ErrorBanner.tsx';
import { FidelitySummary, isFlagged } from '../../components/Fidelity.tsx';
import { GenerationActions } from '../../components/GenerationActions.tsx';
import { StateBadge } from '../../components/StateBadge.tsx';
import { storedText } from '../../i18n/coded-text.ts';
import { adminProductUrl, kindLabel } from '../../lib/format.ts';
import { isInFlight, LIVE_POLL_MS, WAITING_POLL_MS } from '../../lib/generation-states.ts';
import { isTerminalState } from '../../shared/generation-states.ts';
import type { GenerationState, GenerationView } from '../../shared/contract.ts';
import { ResultPreview } from './ResultPreview.tsx';
import { t } from '../../i18n/index.ts';

const STEP_PERCENT: Readonly<Record<GenerationState, number>> = {
  queued: 10,
  paused: 10,
  submitting: 25,
  uncertain: 25,
  processing: 50,
  saving: 80,
  in_review: 100,
  published: 100,
  failed: 100,
  cancelled: 100,
  discarded: 100,
};

/** Live while work moves; slower while it waits for the merchant; stops at the end. */
function nextPoll(generation: GenerationView): number | null {
  if (isInFlight(generation.state)) return LIVE_POLL_MS;
  return isTerminalState(generation.state) ? null : WAITING_POLL_MS;
}

interface Props {
  initial: GenerationView;
  /** The merchant is finished with this one. */
  onDone: () => void;
  /** A retry created a new generation: follow that one instead. */
  onReplaced: (view: GenerationView) => void;
}

/** Follows one generation live, from queued to the result on the product. */
export function GenerationProgress({ initial, onDone, onReplaced }: Props) {
  const latest = useResource<GenerationView>(
    `/generations/${encodeURIComponent(initial.id)}`,
    nextPoll,
  );
  const generation = latest.data ?? initial;
  const state = generation.state;
  const percent = STEP_PERCENT[state];
  // Waiting because the product check flagged it, not only for the shop's review setting.
  const heldByCheck = state === 'in_review' && isFlagged(generation.fidelity);
  const waitHint = t(
    generation.kind === 'video' ? 'generate.step.waitVideo' : 'generate.step.wait',
  );
  return (
    <Card>
      <BlockStack gap="400">
        <InlineStack align="space-between" blockAlign="center" gap="200">
          <Text as="h2" variant="headingMd">
            {t('generate.step.heading', {
              kind: kindLabel(generation.kind),
              title: generation.product.title,
            })}
          </Text>
          <StateBadge state={state} />
        </InlineStack>
        <ProgressBar progress={percent} tone={state === 'failed' ? 'critical' : 'primary'} />
        {/*
          The result's place, held while the work runs (work that ended without one has none),
          above every line whose length changes with the state: nothing above it moves it.
        */}
        {generation.result || !isTerminalState(state) ? (
          <ResultPreview generation={generation} />
        ) : null}
        <BlockStack gap="200">
          <Text as="p" aria-live="polite">
            {t(heldByCheck ? 'generate.step.held' : `generate.step.${state}`)}{' '}
            {state === 'processing' ? waitHint : ''}
          </Text>
          {/* Why the check flagged it, beside the words that say it waits. */}
          {generation.result ? <FidelitySummary fidelity={generation.fidelity} /> : null}
        </BlockStack>
        {state === 'failed' || state === 'paused' ? (
          <Banner
            tone={state === 'failed' ? 'critical' : 'warning'}
            title={
              generation.reason ? storedText(generation.reasonText, generation.reason) : undefined
            }
          >
            {generation.action ? (
              <p>{storedText(generation.actionText, generation.action)}</p>
            ) : null}
          </Banner>
        ) : generation.waitingFor && generation.reason ? (
          // Shopify or ProductAI is down: the result is kept and read or saved as soon as it answers.
          <Banner tone="info" title={storedText(generation.reasonText, generation.reason)} />
        ) : null}
        {latest.error ? (
          <ErrorBanner title={t('generate.progressStale')} error={latest.error} />
        ) : null}
        <GenerationActions
          generation={generation}
          onChange={(view) => (view.id === generation.id ? latest.replace(view) : onReplaced(view))}
        />
        <InlineStack gap="300" blockAlign="center">
          {state === 'published' ? (
            <Link url={adminProductUrl(generation.product.id)}>{t('generate.viewProduct')}</Link>
          ) : null}
          <Link url={`/activity?productId=${encodeURIComponent(generation.product.id)}`}>
            {t('generate.seeInActivity')}
          </Link>
          <Button onClick={onDone}>
            {t(isTerminalState(state) ? 'common.close' : 'common.hide')}
          </Button>
        </InlineStack>
      </BlockStack>
    </Card>
  );
}
