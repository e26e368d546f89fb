import { DataTable, Thumbnail, InlineStack, Text } from '@shopify/polaris';
import { formatNumber } from '../../lib/format.ts';
import { t } from '../../i18n/index.ts';
import type { ExperimentView } from '../../shared/contract.ts';
import {
  armName,
  formatProbability,
  formatRate,
  formatUpliftInterval,
} from './experiment-wording.ts';

interface Props {
  experiment: ExperimentView;
}

/** The figures per arm (the chart's data, and what it leaves out): one row an arm. */
export function ArmsTable({ experiment }: Props) {
  const rows = experiment.arms.map((arm) => {
    const name = armName(arm, experiment);
    return [
      <InlineStack key="arm" gap="200" blockAlign="center" wrap={false}>
        {/* Named by the text beside it: an alt repeating it is read twice. */}
        <Thumbnail source={arm.image} alt="" size="small" />
        <Text as="span">{name}</Text>
      </InlineStack>,
      formatNumber(arm.visitors),
      formatRate(arm),
      arm.uplift ? formatUpliftInterval(arm.uplift) : '–',
      // Before any visitor it is the model's prior (50 %), not something measured.
      arm.probabilityBetter === null || arm.visitors === 0
        ? '–'
        : formatProbability(arm.probabilityBetter),
    ];
  });
  return (
    <DataTable
      columnContentTypes={['text', 'numeric', 'numeric', 'text', 'numeric']}
      headings={[
        t('experiments.table.arm'),
        t('experiments.table.visitors'),
        t(`experiments.table.rate.${experiment.goal}`),
        t('experiments.table.uplift'),
        t('experiments.table.probabilityBetter'),
      ]}
      rows={rows}
    />
  );
}
