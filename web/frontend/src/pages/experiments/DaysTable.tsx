import {
  BlockStack,
  Button,
  Collapsible,
  DataTable,
  SkeletonBodyText,
  Text,
} from '@shopify/polaris';
import { useId, useState } from 'react';
import { t } from '../../i18n/index.ts';
import type { ExperimentDayView, ExperimentView } from '../../shared/contract.ts';
import { armName, daysCaption, formatArmDay, formatExperimentDay } from './experiment-wording.ts';

interface Props {
  experiment: ExperimentView;
  /** Its complete days (GET /api/experiments/:id/days); null while they are asked. */
  days: readonly ExperimentDayView[] | null;
}

/**
 * The chart's figures (DaysChart): one row a complete day, newest first, each arm's goal metric
 * to date with its interval. Folded under a disclosure button: four weeks of rows would push
 * the card's actions far down. Opened before the days came: lines of skeleton meanwhile.
 */
export function DaysTable({ experiment, days }: Props) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const { goal } = experiment;
  if (days?.length === 0) return null;
  const rows = [...(days ?? [])]
    .reverse()
    .map((day) => [
      formatExperimentDay(day.day),
      ...day.arms.map((arm) => formatArmDay(goal, arm)),
    ]);
  return (
    <BlockStack gap="200">
      <div>
        <Button
          variant="plain"
          disclosure={open ? 'up' : 'down'}
          ariaExpanded={open}
          ariaControls={id}
          onClick={() => setOpen(!open)}
        >
          {t(open ? 'experiments.days.hide' : 'experiments.days.show')}
        </Button>
      </div>
      <Collapsible id={id} open={open} transition={false}>
        <Text as="p" variant="bodySm" tone="subdued">
          {daysCaption(goal, days?.at(-1)?.day)}
        </Text>
        {days === null ? (
          <div aria-busy="true">
            <SkeletonBodyText lines={Math.min(experiment.completeDays, 5)} />
          </div>
        ) : (
          <DataTable
            columnContentTypes={['text', ...experiment.arms.map(() => 'numeric' as const)]}
            headings={[
              t('experiments.days.day'),
              ...experiment.arms.map((arm) => armName(arm, experiment)),
            ]}
            rows={rows}
          />
        )}
      </Collapsible>
    </BlockStack>
  );
}
