import '@shopify/polaris/build/esm/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { language, loadLanguage, locale } from './i18n/index.ts';
import { shopReady } from './lib/shop.ts';
import { reportWebVitals } from './lib/web-vitals.ts';

// The server's page carries <div id="root">; create it when absent so the bundle stands alone.
const container =
  document.getElementById('root') ?? document.body.appendChild(document.createElement('div'));

// The page's language for screen readers: the admin's locale, or English when the app home has
// no dictionary in that language.
document.documentElement.lang = locale.toLowerCase().startsWith(language) ? locale : language;
// The shop's clock is asked now, beside the language, and awaited by the first page's data
// (useResource), not by the first render: the page's skeleton does not wait for it.
void shopReady();
reportWebVitals();
await loadLanguage();
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
