import { EmptyState } from '@shopify/polaris';
import { EMPTY_STATE_IMAGE } from '../../lib/illustration.ts';
import { navigate } from '../../router/location.ts';

export function ActivityEmptyState({ filtered }: { filtered: boolean }) {
  if (filtered) {
    return (
      <EmptyState
        heading="No generations match this filter"
        action={{ content: 'Show all generations', onAction: () => navigate('/activity') }}
        image={EMPTY_STATE_IMAGE}
      >
        <p>Choose another state, or clear the filters.</p>
      </EmptyState>
    );
  }
  return (
    <EmptyState
      heading="No generations yet"
      action={{ content: 'Generate a photo', url: '/generate' }}
      secondaryAction={{ content: 'Start a bulk run', url: '/bulk-runs' }}
      image={EMPTY_STATE_IMAGE}
    >
      <p>Every photo, video and upscale you make shows here with its result and its cost.</p>
    </EmptyState>
  );
}
