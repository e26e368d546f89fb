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
import { memo } from 'react';
import { useCommand } from '../../api/useCommand.ts';
import { ActionErrorBanner } from '../../components/ActionErrorBanner.tsx';
import { useConfirm, type Confirmation } from '../../components/ConfirmModal.tsx';
import { RecordCardHeading } from '../../components/RecordCardHeading.tsx';
import { RunOutcome } from './RunOutcome.tsx';
import { bulkProgress } from '../../lib/bulk-progress.ts';
import { runNotices } from '../../lib/run-notices.ts';
import { t, type MessageKey } from '../../i18n/index.ts';
import { modelLabel } from '../../i18n/coded-text.ts';
import { formatCredits, formatRelative, formatRunName, kindLabel } from '../../lib/format.ts';
import type { BulkRunView, GenerationState } from '../../shared/contract.ts';
import styles from './BulkRunCard.module.css';

const RUN_BADGE = {
  running: { tone: 'info', label: 'bulk.status.running' },
  review: { tone: 'attention', label: 'bulk.status.review' },
  paused: { tone: 'warning', label: 'bulk.status.paused' },
  cancelled: { tone: undefined, label: 'bulk.status.cancelled' },
  completed: { tone: 'success', label: 'bulk.status.completed' },
} as const;

type Command = 'pause' | 'resume' | 'cancel';

const DONE: Readonly<Record<Command, MessageKey>> = {
  pause: 'bulk.paused',
  resume: 'bulk.resumed',
  cancel: 'bulk.cancelled',
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
    title: t('bulk.cancelTitle', { name: formatRunName(run) }),
    consequences: [
      t('bulk.cancelNotSent', { count: notSent }),
      t('bulk.cancelSent', { count: sent }),
    ],
    confirm: t('bulk.cancelRun'),
    dismiss: t('bulk.keepRunning'),
    destructive: true,
    run: perform,
  };
}

/**
 * Memoized (its `onChange` is the list's reload, the same function from render to render): a
 * run started or a confirmation answered elsewhere on the page leaves the other cards unrendered.
 */
export const BulkRunCard = memo(function BulkRunCard({ run, onChange }: Props) {
  const command = useCommand<Command>(
    `/bulk-runs/${encodeURIComponent(run.id)}`,
    (name) => t(DONE[name]),
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
            title={formatRunName(run)}
            subtitle={
              <>
                {run.campaign ? (
                  <>
                    {t('bulk.campaign')} <Link url="/campaigns">{run.campaign.name}</Link> ·{' '}
                  </>
                ) : null}
                {kindLabel(run.kind)}
                {run.params.model ? ` · ${modelLabel(run.params.model)}` : ''} ·{' '}
                {t('bulk.startedAgo', { when: formatRelative(run.createdAt) })}
              </>
            }
            badge={{
              tone: RUN_BADGE[progress.status].tone,
              label: t(RUN_BADGE[progress.status].label),
            }}
          />
          <ProgressBar
            progress={progress.percent}
            ariaLabelledBy={headingId}
            tone={run.state === 'paused' ? 'highlight' : 'primary'}
          />
          {/* Why it waits at the shop's cap, or that it expired: the server's words. */}
          {runNotices(run).map((notice) => (
            <Text key={notice.text} as="p" tone={notice.tone}>
              {notice.text}
            </Text>
          ))}
          <RunOutcome run={run} progress={progress} />
          <Text as="p" tone="subdued">
            {t('bulk.committed', {
              committed: formatCredits(run.creditsCommitted),
              estimated: formatCredits(run.outcome.credits),
            })}
            {run.creditBudget !== null
              ? ` · ${t('bulk.budgetOf', { credits: formatCredits(run.creditBudget) })}`
              : ''}
          </Text>
          <div className={styles.actions}>
            <InlineStack align="space-between" blockAlign="center" gap="200">
              <Link url={`/activity?bulkRunId=${encodeURIComponent(run.id)}`}>
                {t('bulk.seeGenerations')}
              </Link>
              {open ? (
                <ButtonGroup>
                  {run.state === 'running' ? (
                    <Button onClick={() => perform('pause')} disabled={command.pending}>
                      {t('rules.pause')}
                    </Button>
                  ) : (
                    <Button onClick={() => perform('resume')} disabled={command.pending}>
                      {t('rules.resumeShort')}
                    </Button>
                  )}
                  <Button
                    tone="critical"
                    onClick={() => confirm.ask(cancelConfirmation(run, () => perform('cancel')))}
                    disabled={command.pending}
                  >
                    {t('bulk.cancelRun')}
                  </Button>
                </ButtonGroup>
              ) : null}
            </InlineStack>
          </div>
          {/* A run that only waits for review keeps a line where the cancel hint was: the card
              shrank by it when the last result came in, moving the form below (CLS 0.057). */}
          {open || progress.status === 'review' ? (
            <Text as="p" tone="subdued">
              {t(open ? 'bulk.cancelling' : 'bulk.reviewLeft')}
            </Text>
          ) : null}
          <ActionErrorBanner action={command} />
          {confirm.modal}
        </BlockStack>
      </Card>
    </div>
  );
});
