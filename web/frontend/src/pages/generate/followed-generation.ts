/**
 * Which generation the Generate page follows lives in its URL (`?generation=<id>`), so a reload
 * or the back button brings its progress and result back. The last one followed is also kept for
 * the browser tab's session, so coming back through the menu (`/generate`, no query) shows it
 * too, until the merchant closes it.
 */
import { setQueryParams } from '../../router/location.ts';

const KEY = 'generate.followedGeneration';

function remember(id: string | null): void {
  try {
    if (id) window.sessionStorage.setItem(KEY, id);
    else window.sessionStorage.removeItem(KEY);
  } catch {
    // Storage may be refused (private modes, sandboxed frames): the URL still holds it.
  }
}

export function rememberedGeneration(): string | null {
  try {
    return window.sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
}

/** Follow this generation (null: stop following), with its product when known. */
export function followGeneration(id: string | null, productId?: string): void {
  remember(id);
  setQueryParams(productId === undefined ? { generation: id } : { generation: id, productId });
}
