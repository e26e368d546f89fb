/**
 * English left behind in a French screen: the same screen is read in English and in
 * French, and a French line that reads the same as an English one, or has English words in it,
 * is English left behind, unless it is a name (the brand, ProductAI's) or the shop's own data
 * (product titles, its presets).
 */
import type { FrameLocator } from 'playwright-core';

/** Names and words that read the same in both languages. */
const SAME_IN_BOTH = [
  /^ProductAI( Studio)?$/,
  /^(Google Merchant Center|Amazon)$/, // the channels a shop chooses, names in every language
  /^(Webhook|Options?|Actions|Photos?|Images?|Portrait|Date|Total|Format|Standard|PNG|JPG|Type)$/i,
  /^\P{L}*$/u, // no letters: numbers, sizes, times
  /^•+\w+$/, // the saved key, masked
  /^\d+(:\d+)? ?(px|s|h|min|MB|Mo|p)$/i,
];
/** Words only English uses: one of them in a French line is English left behind. */
const ENGLISH_WORDS =
  /\b(the|and|your|you|with|this|that|is|are|of|to|for|from|will|be|was|no|not|credits?|products?|results?|runs?|settings|generate|review|waiting|made|left|new|add|save|cancel)\b/i;

/**
 * The lines of `french` that are English left behind, given the `english` lines of the same
 * screen; a line holding one of `shopData` (a product title, a preset name) is the shop's.
 */
export function englishLeft(
  french: readonly string[],
  english: ReadonlySet<string>,
  shopData: readonly string[],
): string[] {
  const isData = (line: string) =>
    SAME_IN_BOTH.some((pattern) => pattern.test(line)) ||
    shopData.some((data) => line.includes(data));
  return french.filter((line) => !isData(line) && (english.has(line) || ENGLISH_WORDS.test(line)));
}

/**
 * Every line of text a person sees in a frame, once each, shadow roots included (the demo
 * admin's Polaris stand-ins draw labels, help text and headings there), and a select's options.
 */
export async function shownLines(frame: FrameLocator): Promise<string[]> {
  const texts = await frame.locator('body').evaluate((body) => {
    const found: string[] = [];
    const walk = (node: Node): void => {
      if (node instanceof Text) {
        const parent = node.parentElement;
        if (parent?.checkVisibility() && !(parent instanceof HTMLStyleElement))
          found.push(node.data);
        return;
      }
      if (node instanceof HTMLOptionElement) {
        found.push(node.text);
        return;
      }
      if (node instanceof HTMLSlotElement) {
        node.assignedNodes({ flatten: true }).forEach(walk);
        return;
      }
      if (node instanceof Element && node.shadowRoot) {
        node.shadowRoot.childNodes.forEach(walk);
        return;
      }
      node.childNodes.forEach(walk);
    };
    walk(body);
    return found;
  });
  return [...new Set(texts.map((text) => text.replace(/\s+/g, ' ').trim()).filter(Boolean))];
}
