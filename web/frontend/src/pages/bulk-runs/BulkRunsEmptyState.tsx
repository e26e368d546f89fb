import { Card, EmptyState } from '@shopify/polaris';
import { EMPTY_STATE_IMAGE } from '../../lib/illustration.ts';
import { t } from '../../i18n/index.ts';

export function BulkRunsEmptyState() {
  return (
    <Card>
      <EmptyState heading={t('bulk.empty.heading')} image={EMPTY_STATE_IMAGE}>
        <p>{t('bulk.empty.body')}</p>
      </EmptyState>
    </Card>
  );
}
