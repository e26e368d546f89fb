/**
 * Shopify's search syntax (https://shopify.dev/api/usage/search-syntax), the part the emulator
 * understands: terms joined by spaces or AND, `field:value`, comparators (`id:>=123`), `-`/NOT
 * to negate, quoted values, and `*` wildcards. Free text matches the resource's default fields.
 * OR, parentheses and fields a resource does not declare are refused loudly.
 */
import { unsupported } from './unsupported.ts';

export type Comparator = ':' | '>' | '<' | '>=' | '<=';

export interface SearchTerm {
  field: string | null;
  comparator: Comparator;
  value: string;
  negated: boolean;
}

export function parseSearchQuery(query: string): SearchTerm[] {
  const tokens = query.match(/-?(?:[\w.]+:(?:[<>]=?)?)?(?:"[^"]*"|'[^']*'|[^\s]+)|\S+/g) ?? [];
  const terms: SearchTerm[] = [];
  let negateNext = false;
  for (const token of tokens) {
    if (token === 'AND') continue;
    if (token === 'NOT') {
      negateNext = true;
      continue;
    }
    if (token === 'OR' || token.startsWith('(') || token.endsWith(')')) {
      throw unsupported(`Search query "${query}"`, { why: 'OR and parentheses' });
    }
    const match = /^(-?)(?:([\w.]+):(>=|<=|>|<)?)?(.*)$/.exec(token)!;
    const value = match[4]!.replace(/^"(.*)"$/, '$1').replace(/^'(.*)'$/, '$1');
    terms.push({
      field: match[2] ?? null,
      comparator: (match[3] as Comparator | undefined) ?? ':',
      value,
      negated: negateNext || match[1] === '-',
    });
    negateNext = false;
  }
  return terms;
}

/** Case-insensitive text match: `*` is a wildcard, otherwise the text must contain the value. */
export function textMatches(text: string, pattern: string): boolean {
  const haystack = text.toLowerCase();
  const needle = pattern.toLowerCase();
  if (!needle.includes('*')) return haystack.includes(needle);
  const regex = new RegExp(
    `^${needle
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
