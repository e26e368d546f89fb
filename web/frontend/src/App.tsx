import { NavMenu } from '@shopify/app-bridge-react';
import { AppProvider } from '@shopify/polaris';
import en from '@shopify/polaris/locales/en.json';
import { LinkComponent } from './router/LinkComponent.tsx';
import { Routes } from './router/Routes.tsx';
import { useAdminNavigation } from './router/useAdminNavigation.ts';

export function App() {
  useAdminNavigation();
  return (
    <AppProvider i18n={en} linkComponent={LinkComponent}>
      {/* The admin shows these in its sidebar; the rel="home" link is the app's name. */}
      <NavMenu>
        <a href="/" rel="home">
          Overview
        </a>
        <a href="/generate">Generate</a>
        <a href="/activity">Activity</a>
        <a href="/bulk-runs">Bulk runs</a>
        <a href="/campaigns">Campaigns</a>
        <a href="/settings">Settings</a>
      </NavMenu>
      <Routes />
    </AppProvider>
  );
}
