import { BlockStack, Card, Layout, Page, Pagination } from '@shopify/polaris';
import { useState } from 'react';
import { query } from '../../api/client.ts';
import { useResource } from '../../api/useResource.ts';
import { ErrorBanner } from '../../components/ErrorBanner.tsx';
import { LoadFailedPage } from '../../components/LoadFailedPage.tsx';
import { PageSkeleton } from '../../components/PageSkeleton.tsx';
import { useLocation } from '../../router/location.ts';
import type { GenerationPage } from '../../shared/contract.ts';
import { ActivityEmptyState } from './ActivityEmptyState.tsx';
import { ActivityFilters } from './ActivityFilters.tsx';
import { ActivityTable } from './ActivityTable.tsx';
import { UnclaimedResults } from './UnclaimedResults.tsx';

const PAGE_SIZE = 25;
const POLL_MS = 5000;

export default function ActivityPage() {
  const { params } = useLocation();
  const filters = {
    state: params.get('state'),
    bulkRunId: params.get('bulkRunId'),
    productId: params.get('productId'),
  };
  const filterKey = JSON.stringify(filters);
  // Cursors of the pages before the current one; a new filter starts again at the first page.
  const [pages, setPages] = useState<{ filterKey: string; cursors: string[] }>({
    filterKey,
    cursors: [],
  });
  const cursors = pages.filterKey === filterKey ? pages.cursors : [];
  const cursor = cursors.at(-1);
  const list = useResource<GenerationPage>(
    `/generations${query({ ...filters, cursor, limit: PAGE_SIZE })}`,
    POLL_MS,
  );

  if (list.loading && !list.data) return <PageSkeleton title="Activity" cards={1} />;
  if (!list.data) {
    return <LoadFailedPage title="Activity" error={list.error} onRetry={list.reload} />;
  }
  const { generations, nextCursor } = list.data;
  const filtered = Object.values(filters).some((value) => value !== null);
  return (
    <Page
      title="Activity"
      subtitle="Every generation, its result and what you can do with it."
      primaryAction={{ content: 'Generate', url: '/generate' }}
    >
      <Layout>
        <Layout.Section>
          <BlockStack gap="400">
            {list.error ? (
              <ErrorBanner title="The list is not up to date" error={list.error} />
            ) : null}
            <UnclaimedResults onAttached={list.reload} />
            <Card padding="0">
              <ActivityFilters filters={filters} />
              {generations.length === 0 ? (
                <ActivityEmptyState filtered={filtered} />
              ) : (
                <ActivityTable generations={generations} onChange={list.reload} />
              )}
            </Card>
            {cursors.length > 0 || nextCursor ? (
              <Pagination
                hasPrevious={cursors.length > 0}
                onPrevious={() => setPages({ filterKey, cursors: cursors.slice(0, -1) })}
                hasNext={nextCursor !== null}
                onNext={() =>
                  nextCursor && setPages({ filterKey, cursors: [...cursors, nextCursor] })
                }
              />
            ) : null}
          </BlockStack>
        </Layout.Section>
      </Layout>
    </Page>
  );
}
