import { BlockStack, Card, Text } from '@shopify/polaris';
import { BarChart } from '../../components/BarChart.tsx';
import { formatCredits, formatDay, formatNumber } from '../../lib/format.ts';
import type { OverviewView } from '../../shared/contract.ts';
import { modelName } from '../../shared/models.ts';

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
            Credits spent
          </Text>
          <Text as="p" tone="subdued">
            {total > 0
              ? `${formatCredits(total)} ${byDay.length === 1 ? `on ${formatDay(byDay[0]!.day)}` : `over the last ${byDay.length} days`}.`
              : 'No credits spent yet. Each generation shows its cost before you start it.'}
          </Text>
        </BlockStack>
        {total > 0 ? (
          <>
            <BarChart
              caption="By day"
              bars={byDay.map((day) => ({ label: formatDay(day.day), value: day.credits }))}
              formatValue={formatNumber}
            />
            <BarChart
              caption="By model"
              bars={byModel.map((entry) => ({
                label: modelName(entry.model),
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
