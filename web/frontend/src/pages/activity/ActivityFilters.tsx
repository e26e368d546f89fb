import { Box, InlineStack, Select, Tag } from '@shopify/polaris';
import { ALL_STATES, STATE_INFO } from '../../lib/generation-states.ts';
import { setQueryParam } from '../../router/location.ts';

interface Props {
  filters: { state: string | null; bulkRunId: string | null; productId: string | null };
}

/** Filters live in the URL, so a filtered list can be linked to (from a bulk run, a product). */
export function ActivityFilters({ filters }: Props) {
  return (
    <Box padding="300">
      <InlineStack gap="300" blockAlign="end" wrap>
        <Select
          label="State"
          labelInline
          options={[
            { value: '', label: 'All' },
            ...ALL_STATES.map((state) => ({ value: state, label: STATE_INFO[state].label })),
          ]}
          value={filters.state ?? ''}
          onChange={(state) => setQueryParam('state', state)}
        />
        {filters.bulkRunId ? (
          <Tag onRemove={() => setQueryParam('bulkRunId', null)}>One bulk run</Tag>
        ) : null}
        {filters.productId ? (
          <Tag onRemove={() => setQueryParam('productId', null)}>One product</Tag>
        ) : null}
      </InlineStack>
    </Box>
  );
}
