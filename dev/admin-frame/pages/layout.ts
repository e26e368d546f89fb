import { ADMIN_PAGE_CONFIG_GLOBAL, type AdminPageConfig } from '../browser/admin/config.ts';
import { escapeHtml, scriptJson } from './html.ts';

export interface LayoutOptions {
  config: AdminPageConfig;
  title: string;
  /** Which sidebar entry is current. */
  section: 'app' | 'products' | 'collections';
  body: string;
  studioUrl: string | null;
}

/**
 * The admin's chrome around every page: top bar (where the save bar appears), sidebar with the
 * app's menu, the content area, toasts. Looks and behaves like the Shopify admin, simply.
 */
export function renderLayout({ config, title, section, body, studioUrl }: LayoutOptions): string {
  const base = escapeHtml(config.base);
  const current = (name: LayoutOptions['section']) =>
    section === name ? ' aria-current="page"' : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · ${escapeHtml(config.shop)} · Shopify admin (demo)</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="${base}/admin.css">
</head>
<body>
<header class="topbar">
  <button id="menu-toggle" class="menu-toggle" type="button" aria-controls="sidebar" aria-expanded="false">Menu</button>
  <span class="logo">Shopify <span class="logo-demo">admin · demo</span></span>
  <span class="shop" title="The demo store">${escapeHtml(config.shop)}</span>
  ${studioUrl ? `<a class="studio-link" href="${escapeHtml(studioUrl)}" target="_blank" rel="noopener">ProductAI studio ↗</a>` : ''}
  <div id="save-bar" class="save-bar" role="region" aria-label="Unsaved changes" hidden>
    <span data-save-bar-message>Unsaved changes</span>
    <span class="save-bar-actions">
      <button type="button" class="button button-dark" data-save-bar-discard>Discard</button>
      <button type="button" class="button button-light" data-save-bar-save>Save</button>
    </span>
  </div>
</header>
<div id="loading-bar" class="loading-bar" hidden></div>
<div class="frame">
  <nav id="sidebar" class="sidebar" aria-label="Admin">
    <ul>
      <li><a href="${base}/products"${current('products')}>Products</a></li>
      <li><a href="${base}/collections"${current('collections')}>Collections</a></li>
    </ul>
    <p class="sidebar-heading">Apps</p>
    <ul>
      <li>
        <a id="app-home-link" href="${base}/" data-app-href="/"${section === 'app' ? ' class="app-open"' : ''}>${escapeHtml(config.appName)}</a>
        <ul id="app-nav" class="app-nav"></ul>
      </li>
    </ul>
  </nav>
  <main class="content">
${body}
  </main>
</div>
<div id="toasts" class="toasts"></div>
<script>window.${ADMIN_PAGE_CONFIG_GLOBAL} = ${scriptJson(config)};</script>
<script src="${base}/admin.js"></script>
</body>
</html>`;
}
