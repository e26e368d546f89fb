/**
 * What the merchant set on the Generate page (kind, model, prompt, aspect ratio and the other
 * options, results to choose from, one per colour, without the shop style, the images chosen for
 * the product), kept for the browser tab's session under the shop's name: a reload brings it back
 * with the progress (the followed generation is in the URL), where it once brought the progress
 * back beside a blank prompt and the default aspect ratio.
 *
 * Session storage, as the followed generation: it lives as long as the tab, which is what "across
 * a reload" needs, and a new tab starts from the shop's defaults. What comes back is fitted to
 * what the model accepts today (a model or option since retired gives way to the defaults).
 */
import type { GenerationKind, GenerationParams } from '../../shared/contract.ts';
import { fitParams } from '../../shared/models.ts';
import type { Defaults, Draft } from '../../components/generation-options/draft.ts';

export interface KeptDraft {
  draft: Draft;
  options: number;
  eachColour: boolean;
  withoutStyle: boolean;
  /** The images chosen, for the product they were chosen for. */
  images: { productId: string; ids: string[] } | null;
}

const KINDS: readonly GenerationKind[] = ['photo', 'video', 'upscale'];

function keyOf(shop: string): string {
  return `generate.draft:${shop}`;
}

/** The kept draft of `shop`, fitted to today's models; null when none (or unreadable). */
export function keptDraft(shop: string | null, defaults: Defaults): KeptDraft | null {
  if (!shop) return null;
  let stored: unknown;
  try {
    stored = JSON.parse(window.sessionStorage.getItem(keyOf(shop)) ?? 'null');
  } catch {
    // Storage refused (a sandboxed frame, a private mode) or a value not ours: start afresh.
    return null;
  }
  if (!stored || typeof stored !== 'object') return null;
  const kept = stored as Partial<Record<keyof KeptDraft, unknown>>;
  const draft = kept.draft as Partial<Draft> | undefined;
  if (!draft || !KINDS.includes(draft.kind as GenerationKind)) return null;
  const kind = draft.kind as GenerationKind;
  const params = (
    typeof draft.params === 'object' && draft.params ? draft.params : {}
  ) as GenerationParams;
  const images = kept.images as KeptDraft['images'] | undefined;
  return {
    draft: { kind, params: fitParams(kind, params, defaults) },
    options: typeof kept.options === 'number' && kept.options >= 1 ? Math.floor(kept.options) : 1,
    eachColour: kept.eachColour === true,
    withoutStyle: kept.withoutStyle === true,
    images:
      images && typeof images.productId === 'string' && Array.isArray(images.ids)
        ? { productId: images.productId, ids: images.ids.filter((id) => typeof id === 'string') }
        : null,
  };
}

/** Keeps `draft` for the tab's session (nothing when storage is refused: the form still works). */
export function keepDraft(shop: string | null, draft: KeptDraft): void {
  if (!shop) return;
  try {
    window.sessionStorage.setItem(keyOf(shop), JSON.stringify(draft));
  } catch {
    // Storage refused or full: the draft is simply not kept.
  }
}
