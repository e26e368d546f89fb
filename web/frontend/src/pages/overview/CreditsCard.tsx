import { BlockStack, Card, Text } from '@shopify/polaris';
import { BarChart } from '../../components/BarChart.tsx';
import { formatCredits, formatDay, formatNumber } from '../../lib/format.ts';
import type { OverviewView } from '../../shared/contract.ts';
import { t } from '../../i18n/index.ts';
import { modelLabel } from '../../i18n/coded-text.ts';

interface Props {
  byDay: OverviewView['creditsByDay'];
  byModel: OverviewView['creditsByModel'];
}

export function CreditsCard({ byDay, byModel }: Props) {
  const total = byDay.reduce((sum, day) => sum + day.credits, 0);
  return (
    <Card>
      <BlockStack gap="400">
        <BlockStack gap="100">
          <Text as="h2" variant="headingMd">
            {t('overview.credits.heading')}
          </Text>
          <Text as="p" tone="subdued">
            {total > 0
              ? byDay.length === 1
                ? t('overview.credits.onDay', {
                    credits: formatCredits(total),
                    day: formatDay(byDay[0]!.day),
                  })
                : t('overview.credits.overDays', {
                    credits: formatCredits(total),
                    count: byDay.length,
                  })
              : t('overview.credits.none')}
          </Text>
        </BlockStack>
        {total > 0 ? (
          <>
            <BarChart
              caption={t('overview.credits.byDay')}
              bars={byDay.map((day) => ({ label: formatDay(day.day), value: day.credits }))}
              formatValue={formatNumber}
            />
            <BarChart
              caption={t('overview.credits.byModel')}
              bars={byModel.map((entry) => ({
                label: modelLabel(entry.model),
                value: entry.credits,
              }))}
              formatValue={formatNumber}
            />
          </>
        ) : null}
      </BlockStack>
    </Card>
  );
}
