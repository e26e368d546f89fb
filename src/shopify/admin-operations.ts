/**
 * The types of every Admin document the app sends, keyed by the document's exact text: the
 * two interfaces below are empty here and extended by generated/admin.generated.d.ts, which
 * `npm run codegen` writes from the documents in operations/ and the pinned schema (codegen.ts).
 * A call is typed by the document it is given: its variables are checked and its result is
 * what the document selects. A document edited without regenerating is no longer a key, and
 * the call does not type-check (and the test setup's `node scripts/admin-codegen.ts --check`
 * fails).
 */

/* eslint-disable @typescript-eslint/no-empty-object-type -- extended by the generated file */
export interface AdminQueries {}
export interface AdminMutations {}
/* eslint-enable @typescript-eslint/no-empty-object-type */

type AdminOperations = AdminQueries & AdminMutations;

/** The pinned schema's types (input objects, enums), as generated/admin.types.d.ts has them. */
export type * as AdminSchema from './generated/admin.types.d.ts';

/** The text of a document under operations/ (as exported there). */
export type AdminDocument = keyof AdminOperations & string;

/** What the document selects, as Shopify answers it (`data`). */
export type AdminResult<D extends AdminDocument> = AdminOperations[D]['return'];

/** The document's variables. */
export type AdminVariables<D extends AdminDocument> = AdminOperations[D]['variables'];

export interface AdminRequestOptions {
  signal?: AbortSignal;
}

/** What follows the document in a call: its variables (left out when it requires none), options. */
export type AdminRequestArguments<D extends AdminDocument> =
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- "requires no variable"
  {} extends AdminVariables<D>
    ? [variables?: AdminVariables<D>, options?: AdminRequestOptions]
    : [variables: AdminVariables<D>, options?: AdminRequestOptions];
