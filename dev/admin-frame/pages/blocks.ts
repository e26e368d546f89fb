import type { AdminExtension } from '../extensions.ts';
import { escapeHtml } from './html.ts';

/**
 * The apps' blocks on a resource page, below its main cards, as the admin shows them: each its
 * extension's page (its real bundle, on the resource `selected`) in a frame the page's script
 * sizes to its content (browser/admin/blocks.ts).
 */
export function appBlocks(base: string, blocks: AdminExtension[], selected: string[]): string {
  if (blocks.length === 0) return '';
  const frames = blocks
    .map((block) => {
      const src = `${base}/extensions/${block.folder}?selected=${encodeURIComponent(selected.join(','))}`;
      return `<iframe class="app-block" data-app-block title="${escapeHtml(block.name)}" src="${escapeHtml(src)}"></iframe>`;
    })
    .join('');
  return `<section class="app-blocks" aria-label="Apps">${frames}</section>`;
}
