/**
 * The server's English words that carry no code, in the merchant's language: a record stored
 * before the server coded its texts (a generation's reason, a channel's failed rule), and the few
 * reasons still written in English only (a try refused by the cap gate, Shopify's and ProductAI's
 * own words). The product check's findings are coded, those of older reports too
 * (src/pipeline/generations/plain-findings.ts). `server.*` in the locale files pairs each
 * English wording with its translation, `{{name}}` standing for the part that varies (a cap, a
 * model, a count). A text no entry matches is shown as the server wrote it. Everything coded (an
 * API refusal, a reason written with its code, the models' words) is translated by its code
 * instead (coded-text.ts).
 */
import en from './locales/en.json' with { type: 'json' };
import { language, t, type MessageKey } from './index.ts';

type ServerKey = Extract<MessageKey, `server.${string}`>;

interface Pattern {
  key: ServerKey;
  names: string[];
  regex: RegExp;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The placeholders that hold the server's own words ("photo", a refusal's details), translated
 * in turn; the others hold the shop's data (a product's title, a rule's name) or numbers, kept
 * as they are even when they read like a known word (a product called "Draft").
 */
const WORDS = new Set([
  'per',
  'kind',
  'details',
  'problems',
  'need',
  'model',
  'name',
  'what',
  'which',
  'why',
  // An expiry's ceiling ("30 days"): a known phrase of its own (server.periodDays).
  'period',
]);

const fixedLength = (english: string) => english.replace(/\{\{\w+\}\}/g, '').length;

let patterns: Pattern[] | undefined;
function compiled(): Pattern[] {
  if (patterns) return patterns;
  // The wording with the most fixed text first: "{{need}}: choose {{which}} of the images…"
  // before "{{model}} needs at least {{what}}", which a longer message would also match.
  const byFixedText = Object.entries(en.server).sort(
    ([, a], [, b]) => fixedLength(b) - fixedLength(a),
  );
  patterns = byFixedText.map(([name, english]) => {
    const names: string[] = [];
    const source = english
      .split(/(\{\{\w+\}\})/)
      .map((part) => {
        const placeholder = /^\{\{(\w+)\}\}$/.exec(part);
        if (!placeholder) return escape(part);
        names.push(placeholder[1]!);
        return '(.*?)';
      })
      .join('');
    return { key: `server.${name}` as ServerKey, names, regex: new RegExp(`^${source}$`, 's') };
  });
  return patterns;
}

/** `text` in the merchant's language when the locale files know its wording. */
export function serverText(text: string): string {
  if (language === 'en' || !text) return text;
  return translated(text) ?? text;
}

function translated(text: string): string | null {
  for (const pattern of compiled()) {
    const match = pattern.regex.exec(text);
    if (!match) continue;
    const values: Record<string, string> = {};
    for (const [index, name] of pattern.names.entries()) {
      const part = match[index + 1]!;
      values[name] = (WORDS.has(name) && translated(part)) || part;
    }
    return t(pattern.key, values);
  }
  return null;
}
