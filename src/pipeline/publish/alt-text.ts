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

/** "The product standing on…": the prompt's own name for the product, which the title replaces. */
const THE_PRODUCT = /^(?:the|your) (?:product|item)\b,?\s*/i;
/** "Top-down flat lay of the product on…": a kind of shot of the product. */
const SHOT_OF_THE_PRODUCT = /^(.+?)\s+of (?:the|your) (?:product|item)\b,?\s*/i;
/** How the preset library places the product: "standing on", "placed on", "resting against". */
const PLACED = /^\w+(?:ing|ed)\s+(?:on|in|at|against|beside|by|under|over|near|inside|atop)\b/i;

/**
 * The prompt's first sentence as a phrase that follows the product's name, so the alt text reads
 * as a sentence: "The product standing on a marble counter" gives "Mug standing on a marble
 * counter" (it gave "Mug in the product standing on a…"), "Top-down flat lay of the product on
 * pastel paper" gives "Mug in a top-down flat lay on pastel paper".
 */
function sceneOf(prompt: string): string {
  const sentence = (prompt.split(/[.!?;\n]/)[0] ?? '').trim().replace(/,$/, '');
  const shot = SHOT_OF_THE_PRODUCT.exec(sentence);
  if (shot) {
    const kind = lowerFirst(shot[1]!);
    const article = ARTICLE.test(kind) ? '' : /^[aeiou]/.test(kind) ? 'an ' : 'a ';
    return `in ${article}${kind} ${sentence.slice(shot[0].length)}`.trim();
  }
  const first = sentence.replace(THE_PRODUCT, '');
  if (first === '') return '';
  const lower = lowerFirst(first);
  if (first !== sentence && PLACED.test(first)) return lower;
  if (PREPOSITION.test(first)) return lower;
  if (ARTICLE.test(first)) return `in ${lower}`;
  return `– ${first}`;
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
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
