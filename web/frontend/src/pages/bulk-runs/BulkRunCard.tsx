import {
  BlockStack,
  Button,
  ButtonGroup,
  Card,
  InlineStack,
  Link,
  ProgressBar,
  Text,
} from '@shopify/polaris';
import { useCommand } from '../../api/useCommand.ts';
import { ActionErrorBanner } from '../../components/ActionErrorBanner.tsx';
import { useConfirm, type Confirmation } from '../../components/ConfirmModal.tsx';
import { RecordCardHeading } from '../../components/RecordCardHeading.tsx';
import { RunOutcome } from './RunOutcome.tsx';
import { bulkProgress } from '../../lib/bulk-progress.ts';
import { bulkRunName } from '../../shared/bulk-run-name.ts';
import { formatCredits, formatNumber, formatRelative } from '../../lib/format.ts';
import { KIND_LABELS, modelName } from '../../shared/models.ts';
import type { BulkRunView, GenerationState } from '../../shared/contract.ts';

const RUN_BADGE = {
  running: { tone: 'info', label: 'Running' },
  review: { tone: 'attention', label: 'Waiting for your review' },
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

/** Sent to ProductAI: a cancel lets these finish (they are charged already). */
const SENT: readonly GenerationState[] = ['submitting', 'uncertain', 'processing', 'saving'];

/** Cancelling stops what is not sent yet and throws nothing away: the numbers say so. */
function cancelConfirmation(run: BulkRunView, perform: () => void): Confirmation {
  const sent = SENT.reduce((sum, state) => sum + (run.counts[state] ?? 0), 0);
  const notSent = Math.max(0, bulkProgress(run).toGo - Math.ceil(sent / run.options));
  return {
    title: `Cancel “${bulkRunName(run)}”?`,
    consequences: [
      `${formatNumber(notSent)} ${notSent === 1 ? 'product' : 'products'} not sent yet ${notSent === 1 ? 'is' : 'are'} not made, and cost nothing.`,
      `${formatNumber(sent)} ${sent === 1 ? 'request' : 'requests'} already with ProductAI still ${sent === 1 ? 'finishes and is' : 'finish and are'} added. Nothing made is discarded, so no credit already spent is lost.`,
    ],
    confirm: 'Cancel run',
    destructive: true,
    run: perform,
  };
}

export function BulkRunCard({ run, onChange }: Props) {
  const command = useCommand<Command>(
    `/bulk-runs/${encodeURIComponent(run.id)}`,
    (name) => DONE[name],
    onChange,
  );
  const { perform } = command;
  const confirm = useConfirm();
  const progress = bulkProgress(run);
  // Waiting only for review: nothing is left to pause or cancel (review happens in Activity).
  const open = progress.status === 'running' || progress.status === 'paused';
  const headingId = `bulk-run-${run.id}`;
  return (
    <div id={run.id}>
      <Card>
        <BlockStack gap="300">
          <RecordCardHeading
            id={headingId}
            title={bulkRunName(run)}
            subtitle={
              <>
                {run.campaign ? (
                  <>
                    Campaign <Link url="/campaigns">{run.campaign.name}</Link> ·{' '}
                  </>
                ) : null}
                {KIND_LABELS[run.kind]}
                {run.params.model ? ` · ${modelName(run.params.model)}` : ''} · started{' '}
                {formatRelative(run.createdAt)}
              </>
            }
            badge={RUN_BADGE[progress.status]}
          />
          <ProgressBar
            progress={progress.percent}
            ariaLabelledBy={headingId}
            tone={run.state === 'paused' ? 'highlight' : 'primary'}
          />
          <RunOutcome run={run} progress={progress} />
          <Text as="p" tone="subdued">
            {formatCredits(run.creditsCommitted)} committed of {formatCredits(run.outcome.credits)}{' '}
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
                  onClick={() => confirm.ask(cancelConfirmation(run, () => perform('cancel')))}
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
          <ActionErrorBanner action={command} />
          {confirm.modal}
        </BlockStack>
      </Card>
    </div>
  );
}
