import { EmptyState } from '@shopify/polaris';
import { EMPTY_STATE_IMAGE } from '../../lib/illustration.ts';
import { navigate } from '../../router/location.ts';
import { t } from '../../i18n/index.ts';

export function ActivityEmptyState({ filtered }: { filtered: boolean }) {
  if (filtered) {
    return (
      <EmptyState
        heading={t('activity.empty.filteredHeading')}
        action={{ content: t('activity.empty.showAll'), onAction: () => navigate('/activity') }}
        image={EMPTY_STATE_IMAGE}
      >
        <p>{t('activity.empty.filteredBody')}</p>
      </EmptyState>
    );
  }
  return (
    <EmptyState
      heading={t('activity.empty.heading')}
      action={{ content: t('overview.setup.photoAction'), url: '/generate' }}
      secondaryAction={{ content: t('overview.startBulkRun'), url: '/bulk-runs' }}
      image={EMPTY_STATE_IMAGE}
    >
      <p>{t('activity.empty.body')}</p>
    </EmptyState>
  );
}
