import { lazy, Suspense, useEffect, type ComponentType, type LazyExoticComponent } from 'react';
import { PageSkeleton } from '../components/PageSkeleton.tsx';
import { NotFoundPage } from '../pages/NotFoundPage.tsx';
import { useLocation } from './location.ts';

interface Route {
  title: string;
  page: LazyExoticComponent<ComponentType>;
}

// One chunk per page: the first paint loads only the page the merchant opened.
const ROUTES: Readonly<Record<string, Route>> = {
  '/': {
    title: 'Overview',
    page: lazy(() => import('../pages/overview/OverviewPage.tsx')),
  },
  '/generate': {
    title: 'Generate',
    page: lazy(() => import('../pages/generate/GeneratePage.tsx')),
  },
  '/activity': {
    title: 'Activity',
    page: lazy(() => import('../pages/activity/ActivityPage.tsx')),
  },
  '/bulk-runs': {
    title: 'Bulk runs',
    page: lazy(() => import('../pages/bulk-runs/BulkRunsPage.tsx')),
  },
  '/campaigns': {
    title: 'Campaigns',
    page: lazy(() => import('../pages/campaigns/CampaignsPage.tsx')),
  },
  '/settings': {
    title: 'Settings',
    page: lazy(() => import('../pages/settings/SettingsPage.tsx')),
  },
};

export function Routes() {
  const { path } = useLocation();
  const route = ROUTES[path.length > 1 ? path.replace(/\/+$/, '') : path];
  // The admin titles the app's page from document.title, as App Bridge reads it.
  const title = route?.title ?? 'Page not found';
  useEffect(() => {
    document.title = `${title} · ProductAI Studio`;
  }, [title]);
  if (!route) return <NotFoundPage />;
  const Page = route.page;
  return (
    <Suspense fallback={<PageSkeleton title={route.title} />}>
      <Page />
    </Suspense>
  );
}
