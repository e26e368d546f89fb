/**
 * The one error handler: every failure of a request becomes its answer here, and nowhere else.
 * An AppError (src/platform/errors.ts) answers with the status of its kind; the app says which
 * other errors of its layers a client may see (src/app/client-errors.ts); zod and body-parsing
 * errors are the web's own. 4xx answers say what was wrong (the client's to fix) by code and
 * params, with the English of both and each field's problem (docs/error-codes.md); 5xx answers
 * say only that it failed, with the request id that finds the details in the logs.
 */
import type { ErrorRequestHandler, Request, RequestHandler } from 'express';
import { ZodError } from 'zod';
import type { ApiErrorBody } from '../../../src/app-api/contract.ts';
import { asClientError, SESSION_EXPIRED } from '../../../src/app/index.ts';
import { englishText, type ErrorCode, type TextParams } from '../../../src/app-api/error-codes.ts';
import { AppError, type ErrorKind } from '../../../src/platform/errors.ts';

/** What App Bridge needs to fetch a fresh session token and retry the request. */
export const RETRY_INVALID_SESSION_HEADER = 'X-Shopify-Retry-Invalid-Session-Request';

const STATUS: Record<ErrorKind, number> = {
  invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  rejected: 422,
  unavailable: 503,
  limited: 429,
  too_large: 413,
};

/** body-parser, express.static and other http-errors style 4xx, by status. */
const CLIENT_ERRORS: Record<number, { kind: ErrorKind; code: ErrorCode }> = {
  400: { kind: 'invalid', code: 'bad_request' },
  404: { kind: 'not_found', code: 'not_found' },
  405: { kind: 'invalid', code: 'method_not_allowed' },
  413: { kind: 'too_large', code: 'payload_too_large' },
  415: { kind: 'invalid', code: 'unsupported_media_type' },
};

interface Answer {
  status: number;
  error: AppError;
  headers: Record<string, string>;
  /** A schema's problems, in zod's words. */
  zodFields?: Record<string, string>;
}

function answerOf(error: AppError, headers: Record<string, string> = {}): Answer {
  const retry = error.retryAfterSeconds;
  return {
    status: STATUS[error.kind],
    error,
    headers: retry === undefined ? headers : { ...headers, 'Retry-After': String(retry) },
  };
}

function toAnswer(error: unknown, req: Request): Answer | null {
  const known = asClientError(error);
  if (known) {
    // App Bridge fetches a fresh session token and retries when it sees this header.
    const retry: Record<string, string> =
      known.code === SESSION_EXPIRED ? { [RETRY_INVALID_SESSION_HEADER]: '1' } : {};
    return answerOf(known, retry);
  }
  if (error instanceof ZodError) {
    // zod's own words (the contract's schemas name no code): English in `fields`, no codes.
    const fields: Record<string, string> = {};
    for (const issue of error.issues) fields[issue.path.join('.') || '_'] ??= issue.message;
    return { ...answerOf(new AppError('invalid', 'invalid_request')), zodFields: fields };
  }
  const status = (error as { status?: unknown })?.status;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const { kind, code } = CLIENT_ERRORS[status] ?? { kind: 'invalid', code: 'bad_request' };
    const params = clientErrorParams(code, error, req);
    return { status, error: new AppError(kind, code, params ? { params } : {}), headers: {} };
  }
  return null;
}

/** What the texts of the library's 4xx name: the path nobody serves, the limit a body is over. */
function clientErrorParams(code: ErrorCode, error: unknown, req: Request): TextParams | undefined {
  if (code === 'not_found') return endpointOf(req);
  if (code !== 'payload_too_large') return undefined;
  const limit = (error as { limit?: unknown }).limit;
  return { size: typeof limit === 'number' ? `${limit} bytes` : 'the limit' };
}

function endpointOf(req: Request): { method: string; path: string } {
  return { method: req.method, path: req.originalUrl.split('?')[0] ?? '' };
}

function bodyOf(answer: Answer, requestId: string): ApiErrorBody {
  const { error } = answer;
  const fields = error.fields ?? {};
  const hasFields = Object.keys(fields).length > 0;
  return {
    error: error.code,
    message: error.message,
    ...(error.params ? { params: error.params } : {}),
    requestId,
    fields: answer.zodFields ?? (hasFields ? mapValues(fields, englishText) : undefined),
    ...(hasFields ? { fieldErrors: fields } : {}),
  };
}

function mapValues<T, U>(record: Readonly<Record<string, T>>, map: (value: T) => U) {
  return Object.fromEntries(Object.entries(record).map(([key, value]) => [key, map(value)]));
}

export function errorHandler(): ErrorRequestHandler {
  return (error, req, res, next) => {
    if (res.headersSent) return next(error);
    const answer = toAnswer(error, req);
    const status = answer?.status ?? 500;
    const requestId = String(req.id ?? '');
    if (status >= 500) req.log.error({ err: error }, 'request failed');
    // A flood is refused tens of times a second: its 429s are counted by the HTTP metrics, and
    // logged at debug only (request-context.ts).
    else if (answer?.error.kind !== 'limited')
      req.log.info(
        { code: answer?.error.code, reason: (error as Error).message },
        'request rejected',
      );
    for (const [name, value] of Object.entries(answer?.headers ?? {})) res.setHeader(name, value);
    res
      .status(status)
      .json(answer && status < 500 ? bodyOf(answer, requestId) : internal(answer, requestId));
  };
}

/** A 5xx: only that it failed (an `unavailable` says what to wait for), and the request id. */
function internal(answer: Answer | null, requestId: string): ApiErrorBody {
  if (answer) {
    const { code, message, params } = answer.error;
    return { error: code, message, ...(params ? { params } : {}), requestId };
  }
  const params = { requestId };
  return {
    error: 'internal_error',
    message: englishText({ code: 'internal_error', params }),
    params,
    requestId,
  };
}

/** JSON 404 for API paths nobody handled. */
export function apiNotFound(): RequestHandler {
  return (req, res) => {
    const params = endpointOf(req);
    const body: ApiErrorBody = {
      error: 'not_found',
      message: englishText({ code: 'not_found', params }),
      params,
      requestId: String(req.id ?? ''),
    };
    res.status(404).json(body);
  };
}
