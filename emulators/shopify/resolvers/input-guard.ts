/**
 * Refuses input fields the emulator would otherwise ignore: a mutation that silently dropped
 * part of its input would let the app believe Shopify did something it did not.
 */
import { isInputObjectType, type GraphQLSchema } from 'graphql';
import { unsupported } from '../graphql/unsupported.ts';

/**
 * Throws when `input` sets any field outside `allowed`. Null, and the schema's default for the
 * field (which coercion fills in), count as not set.
 */
export function onlyFields(
  schema: GraphQLSchema,
  input: object,
  allowed: readonly string[],
  typeName: string,
): void {
  const type = schema.getType(typeName);
  const fields = isInputObjectType(type) ? type.getFields() : {};
  for (const [key, value] of Object.entries(input)) {
    if (value === null || value === undefined || allowed.includes(key)) continue;
    if (JSON.stringify(value) === JSON.stringify(fields[key]?.defaultValue)) continue;
    throw unsupported(`${typeName}.${key}`);
  }
}

export interface UserErrorShape {
  field: string[] | null;
  message: string;
  code?: string;
}

export function userError(
  field: (string | number)[] | null,
  message: string,
  code?: string,
): UserErrorShape {
  return { field: field ? field.map(String) : null, message, ...(code ? { code } : {}) };
}

/** An absolute http(s) URL, as originalSource must be. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}
