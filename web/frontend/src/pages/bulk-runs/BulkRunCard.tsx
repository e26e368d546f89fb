import {
  Badge,
  BlockStack,
  Button,
  ButtonGroup,
  Card,
  InlineStack,
  Link,
  ProgressBar,
  Text,
} from '@shopify/polaris';
import { api } from '../../api/client.ts';
import { useAction } from '../../api/useAction.ts';
import { ErrorBanner } from '../../components/ErrorBanner.tsx';
import { bulkProgress, countsInOrder } from '../../lib/bulk-progress.ts';
import { formatCredits, formatNumber, formatRelative } from '../../lib/format.ts';
import { STATE_INFO } from '../../lib/generation-states.ts';
import { KIND_LABELS } from '../../lib/models.ts';
import type { BulkRunView } from '../../shared/contract.ts';

const RUN_BADGE = {
  running: { tone: 'info', label: 'Running' },
  paused: { tone: 'warning', label: 'Paused' },
  cancelled: { tone: undefined, label: 'Cancelled' },
  completed: { tone: 'success', label: 'Completed' },
} as const;

type Command = 'pause' | 'resume' | 'cancel';

const DONE: Readonly<Record<Command, string>> = {
  pause: 'Bulk run paused',
  resume: 'Bulk run resumed',
  cancel: 'Bulk run cancelled',
};

interface Props {
  run: BulkRunView;
  onChange: () => void;
}

export function BulkRunCard({ run, onChange }: Props) {
  const command = useAction((name: Command) =>
    api.post<BulkRunView>(`/bulk-runs/${encodeURIComponent(run.id)}/${name}`),
  );
  const perform = async (name: Command) => {
    if (await command.run(name)) {
      shopify.toast.show(DONE[name]);
      onChange();
    }
  };
  const progress = bulkProgress(run);
  const badge = RUN_BADGE[run.state];
  const open = run.state === 'running' || run.state === 'paused';
  const headingId = `bulk-run-${run.id}`;
  return (
    <div id={run.id}>
      <Card>
        <BlockStack gap="300">
          <InlineStack align="space-between" blockAlign="center" gap="200">
            <BlockStack gap="050">
              <Text as="h2" variant="headingMd" id={headingId}>
                {run.title}
              </Text>
              <Text as="p" tone="subdued">
                {KIND_LABELS[run.kind]}
                {run.params.model ? ` · ${run.params.model}` : ''} · started{' '}
                {formatRelative(run.createdAt)}
              </Text>
            </BlockStack>
            <Badge tone={badge.tone}>{badge.label}</Badge>
          </InlineStack>
          <ProgressBar
            progress={progress.percent}
            ariaLabelledBy={headingId}
            tone={run.state === 'paused' ? 'highlight' : 'primary'}
          />
          <Text as="p">
            {formatNumber(progress.done)} of{' '}
            {run.productCount === null
              ? `${formatNumber(progress.total)} so far`
              : formatNumber(progress.total)}{' '}
            products done
          </Text>
          <InlineStack gap="200" wrap>
            {countsInOrder(run.counts).map(([state, count]) => (
              <Badge key={state} tone={STATE_INFO[state].tone}>
                {`${formatNumber(count)} ${STATE_INFO[state].phrase}`}
              </Badge>
            ))}
            {run.skippedForBudget > 0 ? (
              <Badge tone="warning">{`${formatNumber(run.skippedForBudget)} skipped for the budget`}</Badge>
            ) : null}
          </InlineStack>
          <Text as="p" tone="subdued">
            {formatCredits(run.creditsCommitted)} committed of {formatCredits(run.estimatedCredits)}{' '}
            estimated
            {run.creditBudget !== null ? ` · budget ${formatCredits(run.creditBudget)}` : ''}
          </Text>
          <InlineStack align="space-between" blockAlign="center" gap="200">
            <Link url={`/activity?bulkRunId=${encodeURIComponent(run.id)}`}>
              See its generations
            </Link>
            {open ? (
              <ButtonGroup>
                {run.state === 'running' ? (
                  <Button onClick={() => perform('pause')} disabled={command.pending}>
                    Pause
                  </Button>
                ) : (
                  <Button onClick={() => perform('resume')} disabled={command.pending}>
                    Resume
                  </Button>
                )}
                <Button
                  tone="critical"
                  onClick={() => perform('cancel')}
                  disabled={command.pending}
                >
                  Cancel run
                </Button>
              </ButtonGroup>
            ) : null}
          </InlineStack>
          {open ? (
            <Text as="p" tone="subdued">
              Cancelling stops new requests; those already sent to ProductAI still finish and are
              added.
            </Text>
          ) : null}
          {command.error ? (
            <ErrorBanner error={command.error} onDismiss={command.clearError} />
          ) : null}
        </BlockStack>
      </Card>
    </div>
  );
}
