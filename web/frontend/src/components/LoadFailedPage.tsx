import { Layout, Page } from '@shopify/polaris';
import type { ApiError } from '../api/client.ts';
import { ErrorBanner } from './ErrorBanner.tsx';
import { t } from '../i18n/index.ts';

/** A page whose data could not be loaded at all: the reason, in red, and a way to try again. */
export function LoadFailedPage({
  title,
  error,
  onRetry,
}: {
  title: string;
  error?: ApiError;
  onRetry: () => void;
}) {
  return (
    <Page title={title}>
      <Layout>
        <Layout.Section>
          {error ? (
            <ErrorBanner
              title={t('common.loadFailed', { title })}
              error={error}
              onRetry={onRetry}
            />
          ) : null}
        </Layout.Section>
      </Layout>
    </Page>
  );
}
