/**
 * Relay connections with Shopify's cursor pagination: `first`/`after` forwards, `last`/`before`
 * backwards, `reverse` flips the order, and one of `first` or `last` is required. Cursors are
 * opaque base64 JSON of the record's id, like Shopify's.
 */
import { GraphQLError } from 'graphql';
import type { Args, TypeSpec } from '../resolvers/resolver-types.ts';

export const PAGINATION_ARGS = ['first', 'after', 'last', 'before', 'reverse'] as const;

export interface PresentedConnection {
  edges: { cursor: string; node: unknown }[];
  nodes: unknown[];
  pageInfo: {
    hasNextPage: boolean;
    hasPreviousPage: boolean;
    startCursor: string | null;
    endCursor: string | null;
  };
}

export function encodeCursor(key: number | string): string {
  return Buffer.from(JSON.stringify({ last_id: key, last_value: String(key) })).toString('base64');
}

function decodeCursor(cursor: unknown): number | string {
  try {
    const parsed = JSON.parse(Buffer.from(String(cursor), 'base64').toString('utf8')) as {
      last_id?: number | string;
    };
    if (parsed.last_id !== undefined) return parsed.last_id;
  } catch {
    // fall through to the error Shopify gives for a cursor it cannot read
  }
  throw new GraphQLError('Invalid cursor for current pagination sort.', {
    extensions: { code: 'BAD_REQUEST' },
  });
}

function count(value: unknown, name: string): number | undefined {
  if (value === undefined || value === null) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) {
    throw new GraphQLError(`${name} must be a non-negative integer`);
  }
  return n;
}

export function paginate<T extends { id: number }>(
  all: readonly T[],
  args: Args,
  present: (item: T) => unknown,
): PresentedConnection {
  const first = count(args['first'], 'first');
  const last = count(args['last'], 'last');
  if (first === undefined && last === undefined) {
    throw new GraphQLError('you must provide one of first or last');
  }
  const items = args['reverse'] === true ? [...all].reverse() : [...all];
  const indexOf = (cursor: unknown): number => {
    const key = decodeCursor(cursor);
    const index = items.findIndex((item) => String(item.id) === String(key));
    if (index < 0) {
      throw new GraphQLError('Invalid cursor for current pagination sort.', {
        extensions: { code: 'BAD_REQUEST' },
      });
    }
    return index;
  };
  let start = 0;
  let end = items.length;
  if (args['after'] != null) start = indexOf(args['after']) + 1;
  if (args['before'] != null) end = indexOf(args['before']);
  if (end < start) end = start;
  if (first !== undefined) end = Math.min(end, start + first);
  else if (last !== undefined) start = Math.max(start, end - last);
  const page = items.slice(start, end);
  const edges = page.map((item) => ({ cursor: encodeCursor(item.id), node: present(item) }));
  return {
    edges,
    nodes: edges.map((edge) => edge.node),
    pageInfo: {
      hasNextPage: end < items.length,
      hasPreviousPage: start > 0,
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges.at(-1)?.cursor ?? null,
    },
  };
}

/** Resolver declarations for `<Node>Connection`, `<Node>Edge` and `PageInfo`. */
export function connectionTypes(...nodeTypes: string[]): Record<string, TypeSpec> {
  const specs: Record<string, TypeSpec> = {
    PageInfo: { hasNextPage: true, hasPreviousPage: true, startCursor: true, endCursor: true },
  };
  for (const type of nodeTypes) {
    specs[`${type}Connection`] = { edges: true, nodes: true, pageInfo: true };
    specs[`${type}Edge`] = { cursor: true, node: true };
  }
  return specs;
}
