/**
 * Alt text for a result, from the shop's template (settings: `{productTitle}`, `{prompt}`).
 * An empty placeholder leaves no dangling separator, and the text fits Shopify's 512 limit.
 */

export const MAX_ALT_LENGTH = 512;

export function renderAltText(
  template: string,
  values: { productTitle: string; prompt: string | undefined },
): string {
  const filled = template
    .replaceAll('{productTitle}', values.productTitle.trim())
    .replaceAll('{prompt}', (values.prompt ?? '').trim());
  // "Mug – " (no prompt, e.g. an upscale) becomes "Mug": trim separators left at either end.
  const tidy = filled.replace(/^[\s\-–—:|,]+|[\s\-–—:|,]+$/g, '').replace(/\s{2,}/g, ' ');
  return tidy.length <= MAX_ALT_LENGTH ? tidy : `${tidy.slice(0, MAX_ALT_LENGTH - 1).trimEnd()}…`;
}
