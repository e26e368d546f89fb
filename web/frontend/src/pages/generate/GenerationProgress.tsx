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
import { GenerationActions } from '../../components/GenerationActions.tsx';
import { StateBadge } from '../../components/StateBadge.tsx';
import { adminProductUrl } from '../../lib/format.ts';
import { isInFlight } from '../../lib/generation-states.ts';
import { isTerminalState } from '../../shared/generation-states.ts';
import { KIND_LABELS } from '../../shared/models.ts';
import type { GenerationState, GenerationView } from '../../shared/contract.ts';
import { ResultPreview } from './ResultPreview.tsx';

const LIVE_POLL_MS = 2000;
const WAITING_POLL_MS = 5000;

const STEP: Readonly<Record<GenerationState, { percent: number; text: string }>> = {
  queued: { percent: 10, text: 'Waiting for its turn to be sent to ProductAI.' },
  paused: { percent: 10, text: 'Paused: it will be sent once generations resume.' },
  submitting: { percent: 25, text: 'Sending the request to ProductAI.' },
  uncertain: {
    percent: 25,
    text: 'ProductAI did not answer in time. The app is checking with ProductAI; nothing will be charged twice.',
  },
  processing: { percent: 50, text: 'ProductAI is generating it.' },
  saving: { percent: 80, text: 'Saving the result to your Shopify files.' },
  in_review: { percent: 100, text: 'Ready for your review: approve it to add it to the product.' },
  published: { percent: 100, text: 'Done: it is on the product’s media.' },
  failed: { percent: 100, text: 'It failed.' },
  cancelled: { percent: 100, text: 'Cancelled before anything was made.' },
  discarded: { percent: 100, text: 'The result was discarded.' },
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
  const step = STEP[state];
  const waitHint =
    generation.kind === 'video' ? 'Videos take a few minutes.' : 'Usually about a minute.';
  return (
    <Card>
      <BlockStack gap="400">
        <InlineStack align="space-between" blockAlign="center" gap="200">
          <Text as="h2" variant="headingMd">
            {KIND_LABELS[generation.kind]} for {generation.product.title}
          </Text>
          <StateBadge state={state} />
        </InlineStack>
        <BlockStack gap="200">
          <ProgressBar progress={step.percent} tone={state === 'failed' ? 'critical' : 'primary'} />
          <Text as="p" aria-live="polite">
            {step.text} {state === 'processing' ? waitHint : ''}
          </Text>
        </BlockStack>
        {state === 'failed' || state === 'paused' ? (
          <Banner
            tone={state === 'failed' ? 'critical' : 'warning'}
            title={generation.reason ?? undefined}
          >
            {generation.action ? <p>{generation.action}</p> : null}
          </Banner>
        ) : null}
        {latest.error ? (
          <ErrorBanner title="Progress is not updating" error={latest.error} />
        ) : null}
        {generation.result ? <ResultPreview generation={generation} /> : null}
        <GenerationActions
          generation={generation}
          onChange={(view) => (view.id === generation.id ? latest.replace(view) : onReplaced(view))}
        />
        <InlineStack gap="300" blockAlign="center">
          {state === 'published' ? (
            <Link url={adminProductUrl(generation.product.id)}>View the product in Shopify</Link>
          ) : null}
          <Link url={`/activity?productId=${encodeURIComponent(generation.product.id)}`}>
            See in Activity
          </Link>
          <Button onClick={onDone}>{isTerminalState(state) ? 'Close' : 'Hide'}</Button>
        </InlineStack>
      </BlockStack>
    </Card>
  );
}
