/**
 * The app's one error family (as shopify-api's lib/error.ts is for that library). An error a
 * caller can act on says what KIND of failure it is and carries a stable `code`; the web's one
 * error handler (web/server/plugins/error-handler.ts) turns the kind into an HTTP status, so no
 * route maps errors itself and a domain error thrown anywhere is never a 500.
 *
 *   invalid       the request is wrong; `fields` says which part (400)
 *   unauthorized  who asked could not be verified (401)
 *   forbidden     it comes from where it is not accepted (a sender outside an allow-list) (403)
 *   not_found     what it names does not exist for this shop (404)
 *   conflict      it exists, but its state does not allow this now (409)
 *   rejected      a request refused for what it asks: Shopify or ProductAI refused it, or a
 *                 Flow action cannot be run as sent (Flow shows the message, never resends) (422)
 *   unavailable   a service we depend on is not answering; try again later (503)
 *   limited       the caller sent too many requests; `retryAfterSeconds` says when to try (429)
 *   too_large     what it sent is over a documented size limit, which the message names (413)
 *
 * The message of these errors is written for the merchant, in English: its `code` and `params`
 * (error-codes.ts) are what a client translates, so the code names one wording.
 */
import { englishText, type CodedText, type ErrorCode, type TextParams } from './error-codes.ts';

export type ErrorKind =
  | 'invalid'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'rejected'
  | 'unavailable'
  | 'limited'
  | 'too_large';

export interface AppErrorOptions {
  /** The values the code's text names (a cap, a product's title). */
  params?: TextParams;
  /** Per-field problems (a form shows them inline), each a coded text. */
  fields?: Readonly<Record<string, CodedText>>;
  /**
   * The English when it is not the code's own: the field problems of an `invalid` request
   * joined (`fields` holds each), or a schema's own words for a malformed id.
   */
  message?: string;
  /** For `unavailable` and `limited`: when to try again. */
  retryAfterSeconds?: number;
  cause?: unknown;
}

export class AppError extends Error {
  readonly kind: ErrorKind;
  readonly code: ErrorCode;
  readonly params: TextParams | undefined;
  /** Field name -> its problem, coded (the answer also gives each in English). */
  readonly fields: Readonly<Record<string, CodedText>> | undefined;
  readonly retryAfterSeconds: number | undefined;
  constructor(kind: ErrorKind, code: ErrorCode, options: AppErrorOptions = {}) {
    super(
      options.message ?? englishText({ code, params: options.params }),
      options.cause === undefined ? undefined : { cause: options.cause },
    );
    this.name = 'AppError';
    this.kind = kind;
    this.code = code;
    this.params = options.params;
    this.fields = options.fields;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

/** One problem with one field of a request, as a coded text. */
export interface FieldProblem extends CodedText {
  field: string;
}

/** `invalid`, with one problem per field (the first per field wins); the message joins them. */
export function invalidFields(code: ErrorCode, problems: readonly FieldProblem[]): AppError {
  const fields: Record<string, CodedText> = {};
  for (const { field, ...text } of problems) fields[field] ??= text;
  return new AppError('invalid', code, {
    fields,
    message: problems.map((problem) => englishText(problem)).join(' '),
  });
}
