/**
 * Shopify's search syntax (https://shopify.dev/api/usage/search-syntax), the part the emulator
 * understands: terms joined by spaces or AND, `field:value`, comparators (`id:>=123`), `-`/NOT
 * to negate, quoted values, and `*` wildcards. Free text matches the resource's default fields.
 * OR, parentheses and fields a resource does not declare are refused loudly.
 */
import { GraphQLError } from 'graphql';

export type Comparator = ':' | '>' | '<' | '>=' | '<=';

export interface SearchTerm {
  field: string | null;
  comparator: Comparator;
  value: string;
  negated: boolean;
}

function unsupported(query: string, why: string): GraphQLError {
  return new GraphQLError(
    `Search query "${query}" is not supported by the Shopify emulator: ${why}`,
    {
      extensions: { code: 'EMULATOR_UNSUPPORTED' },
    },
  );
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
      throw unsupported(query, 'OR and parentheses');
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
 * A predicate for `query` over items with the given searchable fields; `default` handles free
 * text. Undefined when there is no query.
 */
export function searchFilter<T>(
  query: unknown,
  fields: Record<string, FieldMatcher<T>> & { default: FieldMatcher<T> },
): ((item: T) => boolean) | undefined {
  if (typeof query !== 'string' || query.trim() === '') return undefined;
  const terms = parseSearchQuery(query.trim());
  for (const term of terms) {
    if (term.field !== null && !(term.field in fields)) {
      throw unsupported(
        query,
        `the field "${term.field}" (supported: ${Object.keys(fields)
          .filter((f) => f !== 'default')
          .join(', ')})`,
      );
    }
  }
  return (item) =>
    terms.every((term) => {
      const matcher = fields[term.field ?? 'default']!;
      return matcher(item, term) !== term.negated;
    });
}
