/**
 * A plain HTML page of one product's media as pictures with their status, for the demo: the
 * place to see what the app attached. It refreshes itself while any media is still processing.
 */
import type { describeProductMedia } from './describe.ts';

type MediaView = ReturnType<typeof describeProductMedia>[number];

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

const STATUS_COLOURS: Record<string, string> = {
  READY: '#1a7f37',
  PROCESSING: '#9a6700',
  UPLOADED: '#0969da',
  FAILED: '#cf222e',
};

function thumbnail(media: MediaView): string {
  if (!media.url) return `<div class="placeholder">${escapeHtml(media.status)}</div>`;
  if (media.type === 'Video') {
    return `<video src="${escapeHtml(media.url)}" controls muted width="280"></video>`;
  }
  const small = new URL(media.url);
  small.searchParams.set('width', '560');
  return `<img src="${escapeHtml(small.toString())}" alt="${escapeHtml(media.alt)}" width="280">`;
}

export function productPage(title: string, media: MediaView[]): string {
  const pending = media.some((m) => m.status === 'UPLOADED' || m.status === 'PROCESSING');
  const cards = media
    .map(
      (m) => `<figure>
  ${thumbnail(m)}
  <figcaption>
    <span class="status" style="background:${STATUS_COLOURS[m.status] ?? '#555'}">${escapeHtml(m.status)}</span>
    #${m.position + 1} · ${escapeHtml(m.type)}${m.width ? ` · ${m.width}×${m.height}` : ''}
    <div class="alt">${escapeHtml(m.alt || '(no alt text)')}</div>
    ${m.errors.map((e) => `<div class="error">${escapeHtml(e.code)}: ${escapeHtml(e.message)}${e.details ? ` (${escapeHtml(e.details)})` : ''}</div>`).join('')}
    <code>${escapeHtml(m.id)}</code>
  </figcaption>
</figure>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
${pending ? '<meta http-equiv="refresh" content="2">' : ''}
<title>${escapeHtml(title)} · media</title>
<style>
body { font-family: system-ui, sans-serif; margin: 24px; background: #f6f6f7; color: #202223; }
main { display: flex; flex-wrap: wrap; gap: 16px; }
figure { background: #fff; border-radius: 12px; padding: 12px; margin: 0; width: 280px; box-shadow: 0 1px 2px #0002; }
img, video, .placeholder { width: 280px; height: 280px; object-fit: contain; background: #eee; border-radius: 8px; display: flex; align-items: center; justify-content: center; }
figcaption { font-size: 13px; margin-top: 8px; line-height: 1.5; }
.status { color: #fff; border-radius: 8px; padding: 1px 8px; font-weight: 600; }
.alt { color: #6d7175; }
.error { color: #cf222e; }
code { font-size: 11px; color: #8c9196; }
</style></head>
<body><h1>${escapeHtml(title)}</h1>
<p>${media.length} media${pending ? ' · processing, this page refreshes itself' : ''}</p>
<main>${cards || '<p>No media.</p>'}</main>
</body></html>`;
}
