import { Card, EmptyState, Page } from '@shopify/polaris';
import { t } from '../i18n/index.ts';
import { EMPTY_STATE_IMAGE } from '../lib/illustration.ts';

export function NotFoundPage() {
  return (
    <Page title={t('notFound.title')}>
      <Card>
        <EmptyState
          heading={t('notFound.heading')}
          action={{ content: t('notFound.action'), url: '/' }}
          image={EMPTY_STATE_IMAGE}
        >
          <p>{t('notFound.body')}</p>
        </EmptyState>
      </Card>
    </Page>
  );
}
