import { escapeHtml } from './html.ts';

export interface ExtensionHostPage {
  title: string;
  /** The extension's built bundle (an ES module whose default export renders it). */
  bundleUrl: string;
  /** What must run before the bundle (the `shopify` global, the components), as HTML. */
  head?: string;
  /** The language of the extension's strings (its locale file's). */
  lang?: string;
}

/**
 * The page an admin action extension runs in: load its bundle and call its default export, as
 * the admin does; `data-rendered` on <html> tells a test the first render is done. Served by the
 * demo admin's action modal and by the extension tests' app stand-in.
 */
export function extensionHostPage({
  title,
  bundleUrl,
  head = '',
  lang = 'en',
}: ExtensionHostPage): string {
  return `<!doctype html>
<html lang="${escapeHtml(lang)}">
  <head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>${head}</head>
  <body>
    <script type="module">
      const extension = await import(${JSON.stringify(bundleUrl).replace(/</g, '\\u003c')});
      await extension.default();
      document.documentElement.dataset.rendered = 'true';
    </script>
  </body>
</html>`;
}
