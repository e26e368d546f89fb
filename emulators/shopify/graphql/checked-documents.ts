/**
 * A query's text parsed and validated against the schema once, then reused: the app sends the
 * same few dozen operations again and again (every poll, every status check), and validation was
 * the emulator's largest cost in the test suite (9 s of CPU in two of its three test processes,
 * against 0.7 s for parsing). The cache belongs to the schema object, which every emulator in a
 * process shares (admin-schema.ts), and is bounded, oldest first.
 */
import { GraphQLError, parse, validate, type DocumentNode, type GraphQLSchema } from 'graphql';

export type CheckedDocument =
  { document: DocumentNode; invalid: readonly GraphQLError[] } | { syntaxError: GraphQLError };

const ENTRIES = 500;

const bySchema = new WeakMap<GraphQLSchema, Map<string, CheckedDocument>>();

export function checkedDocument(schema: GraphQLSchema, query: string): CheckedDocument {
  let checked = bySchema.get(schema);
  if (!checked) bySchema.set(schema, (checked = new Map()));
  const known = checked.get(query);
  if (known) return known;
  const result = check(schema, query);
  if (checked.size >= ENTRIES) checked.delete(checked.keys().next().value!);
  checked.set(query, result);
  return result;
}

function check(schema: GraphQLSchema, query: string): CheckedDocument {
  let document: DocumentNode;
  try {
    document = parse(query);
  } catch (error) {
    if (error instanceof GraphQLError) return { syntaxError: error };
    throw error;
  }
  return { document, invalid: validate(schema, document) };
}
