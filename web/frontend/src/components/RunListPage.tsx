import { BlockStack, Layout, Page } from '@shopify/polaris';
import type { ReactNode } from 'react';
import type { Resource } from '../api/useResource.ts';
import type { SettingsView } from '../shared/contract.ts';
import { ErrorBanner } from './ErrorBanner.tsx';
import { LoadFailedPage } from './LoadFailedPage.tsx';
import { PageSkeleton } from './PageSkeleton.tsx';
import { PausedBanner } from './PausedBanner.tsx';

interface Props<T> {
  title: string;
  subtitle: string;
  settings: Resource<SettingsView>;
  /** The polled list of runs (bulk runs, campaigns). */
  list: Resource<T>;
  /** The banner's title when a poll fails: the cards show the last good answer. */
  staleTitle: string;
  /** The cards, once both the settings and the list have loaded. */
  children: (settings: SettingsView, data: T) => ReactNode;
}

/**
 * The scaffold of a page listing long-running work (Bulk runs, Campaigns): a skeleton while it
 * loads, a retry page when it cannot, the shop's paused banner, then the cards in one column.
 */
export function RunListPage<T>({
  title,
  subtitle,
  settings,
  list,
  staleTitle,
  children,
}: Props<T>) {
  if (settings.loading || list.loading) return <PageSkeleton title={title} cards={2} />;
  if (!settings.data || !list.data) {
    const failed = settings.data ? list : settings;
    return <LoadFailedPage title={title} error={failed.error} onRetry={failed.reload} />;
  }
  return (
    <Page title={title} subtitle={subtitle}>
      <Layout>
        {settings.data.paused ? (
          <Layout.Section>
            <PausedBanner paused={settings.data.paused} onResumed={settings.replace} />
          </Layout.Section>
        ) : null}
        <Layout.Section>
          <BlockStack gap="400">
            {list.error ? <ErrorBanner title={staleTitle} error={list.error} /> : null}
            {children(settings.data, list.data)}
          </BlockStack>
        </Layout.Section>
      </Layout>
    </Page>
  );
}
