/** Shopify global ids: `gid://shopify/<Type>/<numeric id>`. */
import { GraphQLError } from 'graphql';

/** The GraphQL type of a file record, by its kind: one record type behind three object types. */
export const FILE_GID_TYPE = { IMAGE: 'MediaImage', VIDEO: 'Video', FILE: 'GenericFile' } as const;

export function fileGid(file: { kind: keyof typeof FILE_GID_TYPE; id: number }): string {
  return gid(FILE_GID_TYPE[file.kind], file.id);
}

export function gid(type: string, id: number | string): string {
  return `gid://shopify/${type}/${id}`;
}

export interface ParsedGid {
  type: string;
  id: number;
}

/** Parses a gid with a numeric id; undefined for anything else. */
export function parseGid(value: unknown): ParsedGid | undefined {
  if (typeof value !== 'string') return undefined;
  const match = /^gid:\/\/shopify\/([A-Za-z0-9]+)\/(\d+)(?:\?.*)?$/.exec(value);
  if (!match) return undefined;
  return { type: match[1]!, id: Number(match[2]) };
}

/** The numeric id when `value` is a gid of `type`. */
export function idOfType(value: unknown, type: string): number | undefined {
  const parsed = parseGid(value);
  return parsed?.type === type ? parsed.id : undefined;
}

/** Like Shopify, a string that is no global id at all is an error, not a miss. */
export function requireGid(value: unknown): ParsedGid {
  const parsed = parseGid(value);
  if (!parsed) {
    throw new GraphQLError(`Invalid global id '${String(value)}'`, {
      extensions: { code: 'argumentLiteralsIncompatible', typeName: 'CoercionError' },
    });
  }
  return parsed;
}

/** The numeric id of a gid of `type`; undefined for a gid of another type. */
export function requireIdOfType(value: unknown, type: string): number | undefined {
  const parsed = requireGid(value);
  return parsed.type === type ? parsed.id : undefined;
}
