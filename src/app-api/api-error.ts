/**
 * The body of every 4xx/5xx answer of `/api/*`: `error` is a stable code for the client (the
 * list, with each code's English: error-codes.ts), `params` the values its text names, and
 * `message` that text in English. A client translates the code, never the message. A 5xx says
 * only `internal_error` and the request id that finds the details in the logs. Browser-safe:
 * zod only.
 */
import { z } from 'zod';
import { isErrorCode, type CodedText as Coded, type TextParams as Params } from './error-codes.ts';

/** A coded text's parameters: numbers, the shop's own words, instants, or coded texts in turn. */
const TextParam: z.ZodType<Params[string]> = z.lazy(() =>
  z.union([
    z.string(),
    z.number(),
    z.object({ at: z.iso.datetime() }),
    CodedText,
    z.array(TextParam),
  ]),
);
const TextParams: z.ZodType<Params> = z.record(z.string(), TextParam);
export type CodedText = Coded;
export const CodedText: z.ZodType<Coded> = z.object({
  code: z.custom<Coded['code']>((value) => typeof value === 'string' && isErrorCode(value)),
  params: TextParams.optional(),
});

export const ApiErrorBody = z.object({
  error: z.string(),
  message: z.string(),
  /** The values `error`'s text names: `{ cap: 500 }`. */
  params: TextParams.optional(),
  requestId: z.string().optional(),
  /** Field-level problems for forms (field name -> message, in English). */
  fields: z.record(z.string(), z.string()).optional(),
  /** The same problems coded (field name -> code and params): what a form translates. */
  fieldErrors: z.record(z.string(), CodedText).optional(),
});
export type ApiErrorBody = z.infer<typeof ApiErrorBody>;
