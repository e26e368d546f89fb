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
import { t } from '../../i18n/index.ts';

const BADGE = {
  scheduled: { tone: 'info', label: 'campaigns.status.scheduled' },
  live: { tone: 'success', label: 'campaigns.status.live' },
  ended: { tone: undefined, label: 'campaigns.status.ended' },
  cancelled: { tone: undefined, label: 'campaigns.status.cancelled' },
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
    return starts > now
      ? t('campaigns.startsIn', { time: formatCountdown(starts - now) })
      : t('campaigns.startingNow');
  }
  if (campaign.state === 'live') {
    return ends > now
      ? t('campaigns.endsIn', { time: formatCountdown(ends - now) })
      : t('campaigns.endingNow');
  }
  return t(campaign.state === 'cancelled' ? 'campaigns.cancelledBefore' : 'campaigns.over');
}

/** What the results made for the campaign become, and what they cost, when it stops now. */
function discarded(
  { report }: CampaignView,
  which: 'campaigns.discardedMade' | 'campaigns.discardedNotLive',
): string {
  const { results, credits } = report.atStake;
  if (results === 0) return t('campaigns.nothingLost');
  return t(which, { count: results, credits: formatCredits(credits) });
}

function cancelConfirmation(campaign: CampaignView, run: () => void): Confirmation {
  const products = campaign.bulkRun.productCount ?? bulkProgress(campaign.bulkRun).total;
  return {
    title: t('campaigns.cancelTitle', { name: campaign.name }),
    consequences: [
      t('campaigns.cancelNone', { count: products }),
      discarded(campaign, 'campaigns.discardedMade'),
    ],
    confirm: t('campaigns.cancel'),
    dismiss: t('campaigns.keepScheduled'),
    destructive: true,
    run,
  };
}

function endConfirmation(campaign: CampaignView, run: () => void): Confirmation {
  const { live } = campaign.report;
  return {
    title: t('campaigns.endTitle', { name: campaign.name }),
    consequences: [
      t('campaigns.endLoses', { count: live }),
      discarded(campaign, 'campaigns.discardedNotLive'),
    ],
    confirm: t('campaigns.endNowConfirm'),
    dismiss: t('campaigns.keepLive'),
    destructive: true,
    run,
  };
}

export function CampaignCard({ campaign, now, onChange }: Props) {
  const command = useCommand<Command>(
    `/campaigns/${encodeURIComponent(campaign.id)}`,
    (name) => t(name === 'cancel' ? 'campaigns.cancelled' : 'campaigns.ended'),
    onChange,
  );
  const { perform } = command;
  const confirm = useConfirm();
  const { bulkRun, report } = campaign;
  const progress = bulkProgress(bulkRun);
  const headingId = `campaign-${campaign.id}`;
  return (
    // The card's id: the page scrolls a campaign just scheduled into view (useScrollToCard).
    <div id={campaign.id}>
      <Card>
        <BlockStack gap="300">
          <RecordCardHeading
            id={headingId}
            title={campaign.name}
            subtitle={
              <>
                {bulkRun.title} ·{' '}
                {t('campaigns.period', {
                  start: formatDateTime(campaign.startsAt),
                  end: formatDateTime(campaign.endsAt),
                })}
              </>
            }
            badge={{
              tone: BADGE[campaign.state].tone,
              label: t(BADGE[campaign.state].label),
            }}
          />
          <Text as="p" variant="headingSm">
            {timing(campaign, now)}
            {report.settling ? ` · ${t('campaigns.settling')}` : ''}
          </Text>
          {campaign.state === 'scheduled' ? (
            <BlockStack gap="100">
              <ProgressBar progress={progress.percent} ariaLabelledBy={headingId} size="small" />
              <Text as="p">
                {t(campaign.reviewFirst ? 'campaigns.readyApprove' : 'campaigns.ready', {
                  held: report.held,
                  count: progress.toMake,
                })}
              </Text>
            </BlockStack>
          ) : null}
          <InlineStack gap="400">
            <Text as="p">
              {t('campaigns.products')}{' '}
              <strong>{formatNumber(bulkRun.productCount ?? progress.total)}</strong>
            </Text>
            {campaign.state === 'live' ? (
              <Text as="p">
                {t('campaigns.featuredNow')} <strong>{formatNumber(report.live)}</strong>
              </Text>
            ) : null}
            {campaign.state === 'ended' ? (
              <Text as="p">
                {t('campaigns.restored')} <strong>{formatNumber(report.restored)}</strong>
              </Text>
            ) : null}
            <Text as="p">
              {t('campaigns.credits')} <strong>{formatCredits(bulkRun.creditsCommitted)}</strong>
            </Text>
          </InlineStack>
          {report.editedByMerchant.length > 0 ? (
            <BlockStack gap="100">
              <Text as="p" tone="caution">
                {t('campaigns.editedByHand')}
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
                  accessibilityLabel={t('campaigns.cancelLabel', { name: campaign.name })}
                >
                  {t('campaigns.cancel')}
                </Button>
              ) : (
                <Button
                  loading={command.pending}
                  onClick={() => confirm.ask(endConfirmation(campaign, () => perform('end')))}
                  accessibilityLabel={t('campaigns.endNowLabel', { name: campaign.name })}
                >
                  {t('campaigns.endNow')}
                </Button>
              )}
            </ButtonGroup>
          ) : null}
          {confirm.modal}
          <ActionErrorBanner title={t('campaigns.notDone')} action={command} />
        </BlockStack>
      </Card>
    </div>
  );
}
