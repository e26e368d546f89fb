import { NavMenu } from '@shopify/app-bridge-react';
import { AppProvider } from '@shopify/polaris';
import { polarisTranslations, t } from './i18n/index.ts';
import { LinkComponent } from './router/LinkComponent.tsx';
import { Routes } from './router/Routes.tsx';
import { useAdminNavigation } from './router/useAdminNavigation.ts';

export function App() {
  useAdminNavigation();
  return (
    <AppProvider i18n={polarisTranslations} linkComponent={LinkComponent}>
      {/* The admin shows these in its sidebar; the rel="home" link is the app's name. */}
      <NavMenu>
        <a href="/" rel="home">
          {t('nav.overview')}
        </a>
        <a href="/generate">{t('nav.generate')}</a>
        <a href="/activity">{t('nav.activity')}</a>
        <a href="/bulk-runs">{t('nav.bulkRuns')}</a>
        <a href="/campaigns">{t('nav.campaigns')}</a>
        <a href="/experiments">{t('nav.experiments')}</a>
        <a href="/settings">{t('nav.settings')}</a>
      </NavMenu>
      {/* The page's one main landmark: everything the app shows is inside it or a dialog. */}
      <main>
        <Routes />
      </main>
    </AppProvider>
  );
}
