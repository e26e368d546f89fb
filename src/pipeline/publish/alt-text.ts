/**
 * Alt text for a result, from the shop's template (settings: `{productTitle}`, `{scene}`,
 * `{prompt}`). An empty placeholder leaves no dangling separator, and the text fits Shopify's
 * 512 limit; with the default template it stays under 125 characters, read in one go by screen
 * readers as accessibility guidance asks.
 *
 * Alt text says what the image shows, so it is written from the result, never from the prompt:
 * a prompt is what the merchant wished for ("on a pure white studio background"), and a model
 * may make something else (that alt text was measured under a teal backdrop). `{scene}` says
 * only what the app knows for sure: the kind of image, and a plain background's colour as the
 * result's own pixels show it ("Ceramic mug in an AI-generated photo on a teal background";
 * channels/backdrop.ts). What stands in a scene is not named: the app does not see it.
 * `{prompt}` stays for a merchant who asks for the prompt's words in their own template.
 * The scene is written in each of the shop's languages the app has words for (alt-phrases.ts,
 * alt-translations.ts); a template's own words and the prompt stay as the merchant wrote them.
 */
import type { GenerationKind } from '../../app-api/contract.ts';
import { scenePhrase, type AltLanguage } from './alt-phrases.ts';

export const MAX_ALT_LENGTH = 512;
/** The length the default template's text stays under. */
export const SCENE_ALT_LENGTH = 124;

export function renderAltText(
  template: string,
  values: {
    productTitle: string;
    kind: GenerationKind;
    prompt: string | undefined;
    /** The result's plain background as a colour word, read off its pixels; none for a scene. */
    backdrop?: string | null;
    /** The language of `{scene}` (alt-phrases.ts); English unless told. */
    language?: AltLanguage;
  },
): string {
  const scene = scenePhrase(values.language ?? 'en', values.kind, values.backdrop);
  const text = tidy(
    template
      .replaceAll('{productTitle}', shortTitle(values.productTitle.trim(), template, scene))
      .replaceAll('{prompt}', (values.prompt ?? '').trim())
      .replaceAll('{scene}', scene),
  );
  return capped(text, MAX_ALT_LENGTH);
}

/**
 * The product's title, cut at a word when a very long one would take the default template's
 * text past SCENE_ALT_LENGTH (the kind of image is what is left whole: it is the sentence's
 * point, and a title's start names the product).
 */
function shortTitle(title: string, template: string, scene: string): string {
  if (!template.includes('{scene}') || template.includes('{prompt}')) return title;
  const rest = template.replaceAll('{productTitle}', '').replaceAll('{scene}', scene).length;
  const room = SCENE_ALT_LENGTH - rest;
  if (title.length <= room) return title;
  const cut = title.slice(0, room + 1);
  const atWord = cut.lastIndexOf(' ');
  return title.slice(0, atWord > room / 2 ? atWord : room).replace(/[\s,–-]+$/, '');
}

// "Mug – " (an empty placeholder) becomes "Mug": trim separators left at either end.
function tidy(text: string): string {
  return text.replace(/^[\s\-–—:|,]+|[\s\-–—:|,]+$/g, '').replace(/\s{2,}/g, ' ');
}

function capped(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}
