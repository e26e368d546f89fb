import { BlockStack, Button, Text } from '@shopify/polaris';
import { useEffect, useRef } from 'react';
import { useResource } from '../../api/useResource.ts';
import { t } from '../../i18n/index.ts';
import type { ExperimentDays as Days, ExperimentView } from '../../shared/contract.ts';
import { DaysChart } from './DaysChart.tsx';
import { DaysTable } from './DaysTable.tsx';
import { useShownOnce } from './useShownOnce.ts';

interface Props {
  experiment: ExperimentView;
}

/**
 * An experiment's days, chart and table, asked once its card comes into view: the page's poll
 * carries each experiment's summary only (its size the same on day 1 and day 28), and a card
 * scrolled past never asks. Asked again when the poll says a day was added (`completeDays`),
 * the days already shown staying meanwhile. While asked, the chart's own box holds its place.
 */
export function ExperimentDays({ experiment }: Props) {
  const [ref, shown] = useShownOnce<HTMLDivElement>();
  const { id, completeDays } = experiment;
  const days = useResource<Days>(
    shown && completeDays > 0 ? `/experiments/${encodeURIComponent(id)}/days` : null,
  );
  const { reload } = days;
  const asked = useRef(completeDays);
  useEffect(() => {
    if (asked.current === completeDays) return;
    asked.current = completeDays;
    reload();
  }, [completeDays, reload]);
  if (completeDays === 0) return null;
  const series = days.data?.days ?? null;
  return (
    <div ref={ref}>
      <BlockStack gap="300">
        <DaysChart
          experiment={experiment}
          days={series}
          failed={
            series === null && days.error ? (
              <>
                <Text as="p" tone="subdued">
                  {t('experiments.chart.failed')}
                </Text>
                <Button variant="plain" onClick={reload}>
                  {t('common.tryAgain')}
                </Button>
              </>
            ) : null
          }
        />
        <DaysTable experiment={experiment} days={series} />
      </BlockStack>
    </div>
  );
}
