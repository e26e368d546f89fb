import { BlockStack, Card, InlineStack, Link, ProgressBar, Text } from '@shopify/polaris';
import { bulkProgress } from '../../lib/bulk-progress.ts';
import { formatRunName } from '../../lib/format.ts';
import { STATE_INFO, statePhrase } from '../../lib/generation-states.ts';
import { isTerminalState } from '../../shared/generation-states.ts';
import type { GenerationState, OverviewView } from '../../shared/contract.ts';
import { t } from '../../i18n/index.ts';

interface Props {
  active: OverviewView['active'];
  bulkRuns: OverviewView['bulkRuns'];
}

/** What is happening right now: generations by state and the bulk runs still going. */
export function RunningCard({ active, bulkRuns }: Props) {
  const counts = (Object.keys(STATE_INFO) as GenerationState[])
    .filter((state) => !isTerminalState(state) && (active[state] ?? 0) > 0)
    .map((state) => statePhrase(state, active[state] ?? 0));
  const runs = bulkRuns.filter((run) => run.state === 'running' || run.state === 'paused');
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {t('overview.running.heading')}
        </Text>
        <Text as="p">{counts.length > 0 ? counts.join(' · ') : t('overview.running.nothing')}</Text>
        {runs.map((run) => {
          const progress = bulkProgress(run);
          return (
            <BlockStack key={run.id} gap="100">
              <InlineStack align="space-between">
                <span id={`run-${run.id}`}>
                  <Link url={`/bulk-runs#${run.id}`}>{formatRunName(run)}</Link>
                </span>
                <Text as="span" tone="subdued">
                  {t(
                    run.state === 'paused'
                      ? 'overview.running.pausedMade'
                      : 'overview.running.made',
                    {
                      made: progress.made,
                      toMake: progress.toMake,
                    },
                  )}
                </Text>
              </InlineStack>
              <ProgressBar
                progress={progress.percent}
                size="small"
                ariaLabelledBy={`run-${run.id}`}
              />
            </BlockStack>
          );
        })}
        {counts.length > 0 ? <Link url="/activity">{t('overview.seeAllActivity')}</Link> : null}
      </BlockStack>
    </Card>
  );
}
