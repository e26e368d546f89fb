/**
 * The Shopify emulator reads a search query as Shopify's search syntax does
 * (https://shopify.dev/docs/api/usage/search-syntax), so a test that searches through it finds
 * what the real Admin API would, and misses what it would miss.
 */
import { describe, expect, it } from 'vitest';
import { parseSearchQuery, textMatches } from '../../../emulators/shopify/graphql/search-query.ts';

const term = (field: string | null, value: string, extra = {}) => ({
  field,
  comparator: ':',
  value,
  negated: false,
  ...extra,
});

describe('the search syntax', () => {
  it('ends a term at whitespace: an unquoted title of two words is two terms', () => {
    expect(parseSearchQuery('title:*Canvas Sneaker*')).toEqual([
      term('title', '*Canvas'),
      term(null, 'Sneaker*'),
    ]);
  });

  it('keeps a quoted value whole, whitespace included', () => {
    expect(parseSearchQuery(`title:"Canvas Sneaker" vendor:'Acme Co'`)).toEqual([
      term('title', 'Canvas Sneaker'),
      term('vendor', 'Acme Co'),
    ]);
  });

  it('reads backslash-escaped special characters and quotes as text', () => {
    expect(parseSearchQuery('title:a\\:b\\(c\\)\\\\d title:\\"x\\\' title:\\-y')).toEqual([
      term('title', 'a:b(c)\\d'),
      term('title', `"x'`),
      term('title', '-y'),
    ]);
  });

  it('reads a quote inside a word as a character', () => {
    expect(parseSearchQuery("title:D'Addario*")).toEqual([term('title', "D'Addario*")]);
  });

  it('negates with - and NOT, compares, and skips AND', () => {
    expect(parseSearchQuery('-tag:sale AND NOT vendor:Acme id:>=5')).toEqual([
      term('tag', 'sale', { negated: true }),
      term('vendor', 'Acme', { negated: true }),
      term('id', '5', { comparator: '>=' }),
    ]);
  });

  it('refuses OR and unescaped parentheses loudly, and an unclosed quote', () => {
    expect(() => parseSearchQuery('a OR b')).toThrow(/OR and parentheses/);
    expect(() => parseSearchQuery('(a)')).toThrow(/OR and parentheses/);
    expect(() => parseSearchQuery('title:"open')).toThrow(/unclosed quote/);
  });
});

describe('text matching', () => {
  it('matches a prefix at the start of any word', () => {
    expect(textMatches('Terracotta Canvas Sneaker', 'sneak*')).toBe(true);
    expect(textMatches('Terracotta Canvas Sneaker', 'anvas*')).toBe(false);
    expect(textMatches('Terracotta Canvas Sneaker', '*anvas*')).toBe(true);
  });
});
