/**
 * A Shopify CDN image (a product's, or a result's File) at most `side` CSS pixels on each side, at
 * the screen's density: the CDN's `width` and `height` fit the copy inside that box, never
 * enlarged. The viewer's frames show these: a full-size result (2,048 px and more) decoded and
 * scaled into a frame a quarter its size held the viewer's paint back.
 */
export function cdnImageAt(url: string, side: number): string {
  const sized = new URL(url);
  const pixels = String(Math.ceil(side * window.devicePixelRatio));
  sized.searchParams.set('width', pixels);
  sized.searchParams.set('height', pixels);
  return sized.toString();
}

/**
 * A result's picture at most `side` CSS pixels on each side: from its File on Shopify's CDN once
 * known; ProductAI's URL serves the full size only.
 */
export function resultImageAt(
  result: { previewUrl: string; fileUrl?: string | null },
  side: number,
): string {
  return result.fileUrl ? cdnImageAt(result.fileUrl, side) : result.previewUrl;
}
