/**
 * Alt text for a result, from the shop's template (settings: `{productTitle}`, `{scene}`,
 * `{prompt}`). An empty placeholder leaves no dangling separator, and the text fits Shopify's
 * 512 limit.
 *
 * `{scene}` (the default template's) describes where the product is, from the prompt's first
 * sentence, shortened at a word so the whole alt text stays under 125 characters: screen readers
 * read alt text in one go and accessibility guidance keeps it under about 125 characters; the
 * whole prompt ("...soft morning light, shallow depth of field, 85 mm lens") describes how to
 * shoot, not what the picture shows. "On a marble table" reads as "Mug on a marble table".
 */

export const MAX_ALT_LENGTH = 512;
/** The length a described image stays under with `{scene}`. */
export const SCENE_ALT_LENGTH = 124;

const PREPOSITION = /^(on|in|at|against|beside|by|under|over|near|with|inside|outside|atop)\b/i;
const ARTICLE = /^(a|an|the)\b/i;

export function renderAltText(
  template: string,
  values: { productTitle: string; prompt: string | undefined },
): string {
  const prompt = (values.prompt ?? '').trim();
  const fill = (scene: string) =>
    tidy(
      template
        .replaceAll('{productTitle}', values.productTitle.trim())
        .replaceAll('{prompt}', prompt)
        .replaceAll('{scene}', scene),
    );
  if (!template.includes('{scene}')) return capped(fill(''), MAX_ALT_LENGTH);
  const room = SCENE_ALT_LENGTH - fill('').length;
  return capped(fill(shorten(sceneOf(prompt), room)), MAX_ALT_LENGTH);
}

/** The prompt's first sentence as a phrase that follows the product's name. */
function sceneOf(prompt: string): string {
  const first = (prompt.split(/[.!?;\n]/)[0] ?? '').trim().replace(/,$/, '');
  if (first === '') return '';
  const lower = first.charAt(0).toLowerCase() + first.slice(1);
  if (PREPOSITION.test(first)) return lower;
  if (ARTICLE.test(first)) return `in ${lower}`;
  return `– ${first}`;
}

/** At most `room` characters, cut at a word and at a comma when there is one. */
function shorten(scene: string, room: number): string {
  if (scene.length <= room) return scene;
  if (room <= 0) return '';
  const cut = scene.slice(0, room + 1);
  const atComma = cut.lastIndexOf(',');
  const atWord = cut.lastIndexOf(' ');
  const end = atComma > room / 2 ? atComma : atWord > 0 ? atWord : room;
  return scene.slice(0, end).replace(/[\s,–-]+$/, '');
}

// "Mug – " (no prompt, e.g. an upscale) becomes "Mug": trim separators left at either end.
function tidy(text: string): string {
  return text.replace(/^[\s\-–—:|,]+|[\s\-–—:|,]+$/g, '').replace(/\s{2,}/g, ' ');
}

function capped(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}
