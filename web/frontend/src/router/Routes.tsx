import { lazy, Suspense, useEffect, type ComponentType, type LazyExoticComponent } from 'react';
import { PageSkeleton } from '../components/PageSkeleton.tsx';
import { NotFoundPage } from '../pages/NotFoundPage.tsx';
import { t, type MessageKey } from '../i18n/index.ts';
import { useLocation } from './location.ts';
import type { AppHomeRoute } from '../shared/web-vital-pages.ts';

interface Route {
  title: MessageKey;
  page: LazyExoticComponent<ComponentType>;
}

// One chunk per page: the first paint loads only the page the merchant opened. The pages are the
// ones Web Vitals are reported for (`satisfies`: a route added or removed here is one there too).
const ROUTES: Readonly<Record<string, Route>> = {
  '/': {
    title: 'nav.overview',
    page: lazy(() => import('../pages/overview/OverviewPage.tsx')),
  },
  '/generate': {
    title: 'nav.generate',
    page: lazy(() => import('../pages/generate/GeneratePage.tsx')),
  },
  '/activity': {
    title: 'nav.activity',
    page: lazy(() => import('../pages/activity/ActivityPage.tsx')),
  },
  '/bulk-runs': {
    title: 'nav.bulkRuns',
    page: lazy(() => import('../pages/bulk-runs/BulkRunsPage.tsx')),
  },
  '/campaigns': {
    title: 'nav.campaigns',
    page: lazy(() => import('../pages/campaigns/CampaignsPage.tsx')),
  },
  '/experiments': {
    title: 'nav.experiments',
    page: lazy(() => import('../pages/experiments/ExperimentsPage.tsx')),
  },
  '/settings': {
    title: 'nav.settings',
    page: lazy(() => import('../pages/settings/SettingsPage.tsx')),
  },
} satisfies Record<AppHomeRoute, Route>;

export function Routes() {
  const { path } = useLocation();
  const route = ROUTES[path.length > 1 ? path.replace(/\/+$/, '') : path];
  // The admin titles the app's page from document.title, as App Bridge reads it.
  const title = t(route?.title ?? 'notFound.title');
  useEffect(() => {
    document.title = `${title} · ProductAI Studio`;
  }, [title]);
  if (!route) return <NotFoundPage />;
  const Page = route.page;
  return (
    <Suspense fallback={<PageSkeleton title={title} />}>
      <Page />
    </Suspense>
  );
}
