/**
 * A translated text that reads word for word as its English one, and is a sentence, is English
 * nobody translated. One word may rightly read the same in both languages ("Video", "Original",
 * "Webhook", Dutch "Model", German "Standard"), and so may a name; the names, and the phrases a
 * language shares with English word for word, are listed here one by one.
 */

/** Names, the same in every language. */
const NAMES = new Set(['Google Merchant Center']);
/** Phrases a language writes exactly as English does. */
const SAME_AS_ENGLISH: Readonly<Record<string, readonly string[]>> = {
  nl: ['Per product'],
};

/**
 * Whether `text`, which a `language` screen or dictionary shows exactly as English does, is
 * English left behind: two words or more (placeholders and numbers are not words), and not a
 * listed name or shared phrase.
 */
export function readsAsEnglish(text: string, language: string): boolean {
  if (NAMES.has(text) || SAME_AS_ENGLISH[language]?.includes(text)) return false;
  const words = text.replace(/\{\{\w+\}\}/g, ' ').match(/\p{L}{2,}/gu) ?? [];
  return words.length >= 2;
}

/** The keys of `translated` whose text is English's (`english`, same keys) left behind. */
export function keysLeftInEnglish(
  english: ReadonlyMap<string, string>,
  translated: ReadonlyMap<string, string>,
  language: string,
): string[] {
  return [...translated]
    .filter(([key, text]) => text === english.get(key) && readsAsEnglish(text, language))
    .map(([key]) => key);
}
