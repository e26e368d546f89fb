/**
 * Shopify's search syntax (https://shopify.dev/api/usage/search-syntax), the part the emulator
 * understands: terms joined by whitespace or AND, `field:value`, comparators (`id:>=123`), `-`/NOT
 * to negate, quoted values (single or double quotes: a phrase, whitespace included), backslash
 * escapes of the special characters `: \ ( )` and of quotes (a literal character, never syntax),
 * and `*` wildcards. Free text matches the resource's default fields. OR, parentheses and fields
 * a resource does not declare are refused loudly. As on Shopify, whitespace ends a term unless it
 * is quoted: `title:*Canvas Sneaker*` is the two terms `title:*Canvas` and `Sneaker*`.
 */
import { unsupported } from './unsupported.ts';

export type Comparator = ':' | '>' | '<' | '>=' | '<=';

export interface SearchTerm {
  field: string | null;
  comparator: Comparator;
  value: string;
  negated: boolean;
}

/** One character of a term: `syntax` false when escaped or quoted (it is text, never syntax). */
interface Char {
  c: string;
  syntax: boolean;
}

/**
 * Whether a value may start here: a quote opens a quoted string only where a value begins (the
 * term's start, after `-`, a field's `:` or a comparator); inside a name it is a character, as
 * in `title:D'Addario`.
 */
function valueStarts(term: readonly Char[]): boolean {
  const last = term.at(-1);
  if (!last) return true;
  if (!last.syntax) return false;
  return term.length === 1 ? /[-:]/.test(last.c) : /[:<>=]/.test(last.c);
}

/** Splits a query into terms at unquoted, unescaped whitespace; removes quotes and escapes. */
function lex(query: string): Char[][] {
  const terms: Char[][] = [];
  let term: Char[] = [];
  let quote: string | null = null;
  for (let i = 0; i < query.length; i += 1) {
    const c = query[i]!;
    if (c === '\\' && i + 1 < query.length) {
      i += 1;
      term.push({ c: query[i]!, syntax: false });
    } else if (quote) {
      if (c === quote) quote = null;
      else term.push({ c, syntax: false });
    } else if ((c === '"' || c === "'") && valueStarts(term)) {
      quote = c;
    } else if (/\s/.test(c)) {
      if (term.length > 0) terms.push(term);
      term = [];
    } else {
      term.push({ c, syntax: true });
    }
  }
  if (quote) throw unsupported(`Search query "${query}"`, { why: 'an unclosed quote' });
  if (term.length > 0) terms.push(term);
  return terms;
}

const text = (chars: readonly Char[]) => chars.map((char) => char.c).join('');
const isSyntax = (chars: readonly Char[]) => chars.every((char) => char.syntax);

export function parseSearchQuery(query: string): SearchTerm[] {
  const terms: SearchTerm[] = [];
  let negateNext = false;
  for (const chars of lex(query)) {
    const word = text(chars);
    if (isSyntax(chars) && word === 'AND') continue;
    if (isSyntax(chars) && word === 'NOT') {
      negateNext = true;
      continue;
    }
    if (
      (isSyntax(chars) && word === 'OR') ||
      chars.some((char) => char.syntax && (char.c === '(' || char.c === ')'))
    ) {
      throw unsupported(`Search query "${query}"`, { why: 'OR and parentheses' });
    }
    let rest = chars;
    const negated = negateNext || (rest[0]!.syntax && rest[0]!.c === '-');
    if (rest[0]!.syntax && rest[0]!.c === '-') rest = rest.slice(1);
    const colon = rest.findIndex((char) => char.syntax && char.c === ':');
    const name = colon > 0 ? rest.slice(0, colon) : [];
    let field: string | null = null;
    let comparator: Comparator = ':';
    if (colon > 0 && isSyntax(name) && /^[\w.]+$/.test(text(name))) {
      field = text(name);
      rest = rest.slice(colon + 1);
      const op = /^(>=|<=|>|<)/.exec(text(rest.slice(0, 2)));
      if (op && isSyntax(rest.slice(0, op[1]!.length))) {
        comparator = op[1] as Comparator;
        rest = rest.slice(op[1]!.length);
      }
    }
    terms.push({ field, comparator, value: text(rest), negated });
    negateNext = false;
  }
  return terms;
}

/**
 * Case-insensitive text match. Without `*` the text must contain the value (a quoted phrase
 * included). `*` is a wildcard anchored at the start of a word, as Shopify's prefix queries:
 * `sneak*` matches "Canvas Sneaker", `*vas*` any text containing "vas".
 */
export function textMatches(text: string, pattern: string): boolean {
  const haystack = text.toLowerCase();
  const needle = pattern.toLowerCase();
  if (!needle.includes('*')) return haystack.includes(needle);
  const regex = new RegExp(
    `(?:^|\\s)${needle
      .split('*')
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*')}$`,
  );
  return regex.test(haystack);
}

export function compareNumber(actual: number, term: SearchTerm): boolean {
  const wanted = Number(term.value.replace(/^gid:\/\/shopify\/\w+\//, ''));
  switch (term.comparator) {
    case '>':
      return actual > wanted;
    case '<':
      return actual < wanted;
    case '>=':
      return actual >= wanted;
    case '<=':
      return actual <= wanted;
    default:
      return actual === wanted;
  }
}

export type FieldMatcher<T> = (item: T, term: SearchTerm) => boolean;

/**
 * The items that match `query` over the given searchable fields (`default` handles free text);
 * all of them when there is no query. Always a new array, which the caller may sort.
 */
export function searchItems<T>(
  items: Iterable<T>,
  query: unknown,
  fields: Record<string, FieldMatcher<T>> & { default: FieldMatcher<T> },
): T[] {
  const all = [...items];
  if (typeof query !== 'string' || query.trim() === '') return all;
  const terms = parseSearchQuery(query.trim());
  for (const term of terms) {
    if (term.field !== null && !(term.field in fields)) {
      const served = Object.keys(fields).filter((f) => f !== 'default');
      throw unsupported(`Search query "${query}"`, {
        why: `the field "${term.field}" (supported: ${served.join(', ')})`,
      });
    }
  }
  return all.filter((item) =>
    terms.every((term) => {
      const matcher = fields[term.field ?? 'default']!;
      return matcher(item, term) !== term.negated;
    }),
  );
}
