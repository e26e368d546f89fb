import {
  BlockStack,
  Button,
  ButtonGroup,
  Card,
  InlineStack,
  List,
  ProgressBar,
  Text,
} from '@shopify/polaris';
import { useCommand } from '../../api/useCommand.ts';
import { ActionErrorBanner } from '../../components/ActionErrorBanner.tsx';
import { useConfirm, type Confirmation } from '../../components/ConfirmModal.tsx';
import { RecordCardHeading } from '../../components/RecordCardHeading.tsx';
import { bulkProgress } from '../../lib/bulk-progress.ts';
import { formatCredits, formatDateTime, formatNumber } from '../../lib/format.ts';
import type { CampaignView } from '../../shared/contract.ts';
import { formatCountdown } from './schedule.ts';

const BADGE = {
  scheduled: { tone: 'info', label: 'Upcoming' },
  live: { tone: 'success', label: 'Live' },
  ended: { tone: undefined, label: 'Ended' },
  cancelled: { tone: undefined, label: 'Cancelled' },
} as const;

type Command = 'cancel' | 'end';

interface Props {
  campaign: CampaignView;
  now: number;
  onChange: () => void;
}

function timing(campaign: CampaignView, now: number): string {
  const starts = Date.parse(campaign.startsAt);
  const ends = Date.parse(campaign.endsAt);
  if (campaign.state === 'scheduled') {
    return starts > now ? `Starts in ${formatCountdown(starts - now)}` : 'Starting now';
  }
  if (campaign.state === 'live') {
    return ends > now ? `Ends in ${formatCountdown(ends - now)}` : 'Ending now';
  }
  return campaign.state === 'cancelled' ? 'Cancelled before the start' : 'Over';
}

/** What the results made for the campaign become, and what they cost, when it stops now. */
function discarded({ report }: CampaignView, notLiveYet: string): string {
  const { results, credits } = report.atStake;
  if (results === 0) return 'No result is waiting or being made: no credit already spent is lost.';
  return `${results === 1 ? '1 result' : `${formatNumber(results)} results`} ${notLiveYet} ${
    results === 1 ? 'is' : 'are'
  } discarded: the ${formatCredits(credits)} already spent on ${results === 1 ? 'it' : 'them'} are lost.`;
}

function cancelConfirmation(campaign: CampaignView, run: () => void): Confirmation {
  const products = campaign.bulkRun.productCount ?? bulkProgress(campaign.bulkRun).total;
  return {
    title: `Cancel “${campaign.name}”?`,
    consequences: [
      `None of its ${formatNumber(products)} ${products === 1 ? 'product gets' : 'products get'} the scene: nothing goes live, and products still waiting are not sent.`,
      discarded(campaign, 'made or being made for it'),
    ],
    confirm: 'Cancel campaign',
    destructive: true,
    run,
  };
}

function endConfirmation(campaign: CampaignView, run: () => void): Confirmation {
  const { live } = campaign.report;
  return {
    title: `End “${campaign.name}” now?`,
    consequences: [
      `${formatNumber(live)} ${live === 1 ? 'product loses its' : 'products lose their'} scene now: the previous featured image is put back (a product you changed by hand stays as you made it). The scenes stay in Content › Files.`,
      discarded(campaign, 'not live yet (waiting for review or still being made)'),
    ],
    confirm: 'End campaign now',
    destructive: true,
    run,
  };
}

export function CampaignCard({ campaign, now, onChange }: Props) {
  const command = useCommand<Command>(
    `/campaigns/${encodeURIComponent(campaign.id)}`,
    (name) => (name === 'cancel' ? 'Campaign cancelled' : 'Campaign ended'),
    onChange,
  );
  const { perform } = command;
  const confirm = useConfirm();
  const { bulkRun, report } = campaign;
  const progress = bulkProgress(bulkRun);
  const headingId = `campaign-${campaign.id}`;
  const zone = campaign.timeZone;
  return (
    <Card>
      <BlockStack gap="300">
        <RecordCardHeading
          id={headingId}
          title={campaign.name}
          subtitle={
            <>
              {bulkRun.title} · {formatDateTime(campaign.startsAt, zone)} to{' '}
              {formatDateTime(campaign.endsAt, zone)}
            </>
          }
          badge={BADGE[campaign.state]}
        />
        <Text as="p" variant="headingSm">
          {timing(campaign, now)}
          {report.settling ? ' · updating products…' : ''}
        </Text>
        {campaign.state === 'scheduled' ? (
          <BlockStack gap="100">
            <ProgressBar progress={progress.percent} ariaLabelledBy={headingId} size="small" />
            <Text as="p">
              {formatNumber(report.held)} of {formatNumber(progress.toMake)} scenes ready
              {campaign.reviewFirst ? ' (approve them in Activity)' : ''}
            </Text>
          </BlockStack>
        ) : null}
        <InlineStack gap="400">
          <Text as="p">
            Products: <strong>{formatNumber(bulkRun.productCount ?? progress.total)}</strong>
          </Text>
          {campaign.state === 'live' ? (
            <Text as="p">
              Featured now: <strong>{formatNumber(report.live)}</strong>
            </Text>
          ) : null}
          {campaign.state === 'ended' ? (
            <Text as="p">
              Originals restored: <strong>{formatNumber(report.restored)}</strong>
            </Text>
          ) : null}
          <Text as="p">
            Credits: <strong>{formatCredits(bulkRun.creditsCommitted)}</strong>
          </Text>
        </InlineStack>
        {report.editedByMerchant.length > 0 ? (
          <BlockStack gap="100">
            <Text as="p" tone="caution">
              Changed by hand while live, so left as you made them:
            </Text>
            <List type="bullet">
              {report.editedByMerchant.map((product) => (
                <List.Item key={product.id}>{product.title}</List.Item>
              ))}
            </List>
          </BlockStack>
        ) : null}
        {campaign.state === 'scheduled' || campaign.state === 'live' ? (
          <ButtonGroup>
            {campaign.state === 'scheduled' ? (
              <Button
                tone="critical"
                loading={command.pending}
                onClick={() => confirm.ask(cancelConfirmation(campaign, () => perform('cancel')))}
                accessibilityLabel={`Cancel campaign: ${campaign.name}`}
              >
                Cancel campaign
              </Button>
            ) : (
              <Button
                loading={command.pending}
                onClick={() => confirm.ask(endConfirmation(campaign, () => perform('end')))}
                accessibilityLabel={`End now: ${campaign.name}`}
              >
                End now
              </Button>
            )}
          </ButtonGroup>
        ) : null}
        {confirm.modal}
        <ActionErrorBanner title="Not done" action={command} />
      </BlockStack>
    </Card>
  );
}
