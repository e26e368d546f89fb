/**
 * What the merchant types in a product search, as Shopify's search syntax
 * (https://shopify.dev/docs/api/usage/search-syntax). Browser-safe: no imports.
 *
 * Whitespace ends a term in that syntax, so text sent as `title:*Canvas Sneaker*` was two terms,
 * `title:*Canvas` AND `Sneaker*`, and found nothing. Each word becomes its own prefix term on the
 * title instead (`title:Canvas* title:Sneaker*`, AND implied): a full title, its words in any
 * order, or a word being typed all find the product. The special characters `: \ ( )`, quotes
 * and a leading `-` (NOT) are escaped with a backslash, so a title's punctuation is text, never
 * syntax.
 */
const SPECIAL = /[\\:()"']/g;

function escapeWord(word: string): string {
  return word.replace(SPECIAL, '\\$&').replace(/^-/, '\\-');
}

/** The Shopify `query` that finds products whose title has every typed word (as a prefix). */
export function titleSearchQuery(typed: string): string {
  return typed
    .trim()
    .split(/\s+/)
    .filter((word) => word.length > 0)
    .map((word) => `title:${escapeWord(word)}*`)
    .join(' ');
}
