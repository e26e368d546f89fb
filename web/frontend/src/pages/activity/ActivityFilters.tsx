import { BlockStack, Box, InlineGrid, InlineStack, Select, Tag, Text } from '@shopify/polaris';
import { useResource } from '../../api/useResource.ts';
import { fidelityLabel } from '../../components/Fidelity.tsx';
import { ALL_STATES, stateLabel } from '../../lib/generation-states.ts';
import { setQueryParam, setQueryParams } from '../../router/location.ts';
import { t } from '../../i18n/index.ts';
import { formatRunName } from '../../lib/format.ts';
import type { BulkRunView } from '../../shared/contract.ts';
import { ProductSearch } from './ProductSearch.tsx';

export interface ActivityFilterValues {
  state: string | null;
  bulkRunId: string | null;
  productId: string | null;
  /** The fidelity check's verdict ("changed": the results to look at first). */
  fidelity: string | null;
}

const VERDICTS = ['changed', 'check_it', 'faithful'] as const;

interface Props {
  filters: ActivityFilterValues;
  /** The chosen product's title (kept in the URL beside its id, for the tag). */
  productTitle: string | null;
}

/** Filters live in the URL, so a filtered list can be linked to (from a bulk run, a product). */
export function ActivityFilters({ filters, productTitle }: Props) {
  const runs = useResource<{ bulkRuns: BulkRunView[] }>('/bulk-runs');
  const runOptions = (runs.data?.bulkRuns ?? []).map((run) => ({
    value: run.id,
    // Named as on Bulk runs (target and start time): two runs over one collection read apart.
    label: formatRunName(run),
  }));
  if (filters.bulkRunId && !runOptions.some((option) => option.value === filters.bulkRunId)) {
    runOptions.unshift({ value: filters.bulkRunId, label: t('activity.filters.oneRun') });
  }
  return (
    <Box padding="300">
      <InlineGrid columns={{ xs: 1, md: 2, lg: 4 }} gap="300">
        <Select
          label={t('activity.filters.state')}
          options={[
            { value: '', label: t('activity.filters.allStates') },
            ...ALL_STATES.map((state) => ({ value: state, label: stateLabel(state) })),
          ]}
          value={filters.state ?? ''}
          onChange={(state) => setQueryParam('state', state)}
        />
        <Select
          label={t('activity.filters.bulkRun')}
          options={[{ value: '', label: t('activity.filters.allGenerations') }, ...runOptions]}
          value={filters.bulkRunId ?? ''}
          onChange={(runId) => setQueryParam('bulkRunId', runId)}
        />
        <Select
          label={t('fidelity.filter')}
          options={[
            { value: '', label: t('fidelity.allVerdicts') },
            ...VERDICTS.map((verdict) => ({ value: verdict, label: fidelityLabel(verdict) })),
          ]}
          value={filters.fidelity ?? ''}
          onChange={(verdict) => setQueryParam('fidelity', verdict)}
        />
        {filters.productId ? (
          <BlockStack gap="100">
            <Text as="span">{t('generate.product.heading')}</Text>
            <InlineStack>
              <Tag
                onRemove={() => setQueryParams({ productId: null, productTitle: null })}
                accessibilityLabel={t('activity.filters.everyProduct')}
              >
                {productTitle ?? t('activity.filters.oneProduct')}
              </Tag>
            </InlineStack>
          </BlockStack>
        ) : (
          <ProductSearch
            onChoose={(product) =>
              setQueryParams({ productId: product.id, productTitle: product.title })
            }
          />
        )}
      </InlineGrid>
    </Box>
  );
}
