import { IndexTable, useBreakpoints } from '@shopify/polaris';
import type { GenerationView } from '../../shared/contract.ts';
import { GenerationRow } from './GenerationRow.tsx';
import { t } from '../../i18n/index.ts';

interface Props {
  generations: GenerationView[];
  selected: readonly string[];
  allSelected: boolean;
  onSelectionChange: Parameters<typeof IndexTable>[0]['onSelectionChange'];
  bulkActions: { content: string; onAction: () => void; disabled?: boolean }[];
  onOpen: (position: number) => void;
  onChange: () => void;
}

/**
 * Four columns (product with its details, before and after, state, actions) so that the table
 * fits 1280 px with every button visible; one stacked cell per row on small screens.
 */
export function ActivityTable({
  generations,
  selected,
  allSelected,
  onSelectionChange,
  bulkActions,
  onOpen,
  onChange,
}: Props) {
  const { smDown } = useBreakpoints();
  const minute = Math.floor(Date.now() / 60_000);
  return (
    <IndexTable
      resourceName={{
        singular: t('activity.table.generation'),
        plural: t('activity.table.generations'),
      }}
      itemCount={generations.length}
      selectedItemsCount={allSelected ? 'All' : selected.length}
      onSelectionChange={onSelectionChange}
      promotedBulkActions={bulkActions}
      condensed={smDown}
      headings={[
        { title: t('generate.product.heading') },
        { title: t('activity.table.beforeAfter') },
        { title: t('activity.filters.state') },
        { title: t('activity.table.actions') },
      ]}
    >
      {generations.map((generation, index) => (
        <GenerationRow
          key={generation.id}
          generation={generation}
          position={index}
          selected={selected.includes(generation.id)}
          condensed={smDown}
          onOpen={onOpen}
          onChange={onChange}
          minute={minute}
        />
      ))}
    </IndexTable>
  );
}
