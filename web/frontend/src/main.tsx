import '@shopify/polaris/build/esm/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';

// The server's page carries <div id="root">; create it when absent so the bundle stands alone.
const container =
  document.getElementById('root') ?? document.body.appendChild(document.createElement('div'));

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
