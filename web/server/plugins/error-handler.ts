/**
 * The one error handler: every failure of a request becomes its answer here, and nowhere else.
 * An AppError (src/platform/errors.ts) answers with the status of its kind; the app says which
 * other errors of its layers a client may see (src/app/client-errors.ts); zod and body-parsing
 * errors are the web's own. 4xx answers say what was wrong (the client's to
 * fix); 5xx answers say only that it failed, with the request id that finds the details in the
 * logs.
 */
import type { ErrorRequestHandler, RequestHandler } from 'express';
import { ZodError } from 'zod';
import type { ApiErrorBody } from '../../../src/app-api/contract.ts';
import { asClientError, SESSION_EXPIRED } from '../../../src/app/index.ts';
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
const CLIENT_ERRORS: Record<number, { kind: ErrorKind; code: string }> = {
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
}

function answerOf(error: AppError, headers: Record<string, string> = {}): Answer {
  const retry = error.retryAfterSeconds;
  return {
    status: STATUS[error.kind],
    error,
    headers: retry === undefined ? headers : { ...headers, 'Retry-After': String(retry) },
  };
}

function toAnswer(error: unknown): Answer | null {
  const known = asClientError(error);
  if (known) {
    // App Bridge fetches a fresh session token and retries when it sees this header.
    const retry: Record<string, string> =
      known.code === SESSION_EXPIRED ? { [RETRY_INVALID_SESSION_HEADER]: '1' } : {};
    return answerOf(known, retry);
  }
  if (error instanceof ZodError) {
    const fields: Record<string, string> = {};
    for (const issue of error.issues) fields[issue.path.join('.') || '_'] ??= issue.message;
    return answerOf(
      new AppError('invalid', 'invalid_request', 'Some fields are not valid.', { fields }),
    );
  }
  const status = (error as { status?: unknown })?.status;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const { kind, code } = CLIENT_ERRORS[status] ?? { kind: 'invalid', code: 'bad_request' };
    return { status, error: new AppError(kind, code, (error as Error).message), headers: {} };
  }
  return null;
}

export function errorHandler(): ErrorRequestHandler {
  return (error, req, res, next) => {
    if (res.headersSent) return next(error);
    const answer = toAnswer(error);
    const status = answer?.status ?? 500;
    const requestId = String(req.id ?? '');
    if (status >= 500) req.log.error({ err: error }, 'request failed');
    // A flood is refused thousands of times a second: the access log's line per 429 is enough.
    else if (answer?.error.kind !== 'limited')
      req.log.info(
        { code: answer?.error.code, reason: (error as Error).message },
        'request rejected',
      );
    for (const [name, value] of Object.entries(answer?.headers ?? {})) res.setHeader(name, value);
    const body: ApiErrorBody =
      answer && status < 500
        ? {
            error: answer.error.code,
            message: answer.error.message,
            requestId,
            fields: answer.error.fields,
          }
        : {
            error: answer?.error.code ?? 'internal_error',
            message:
              answer?.error.message ?? `Something went wrong on our side. Reference: ${requestId}`,
            requestId,
          };
    res.status(status).json(body);
  };
}

/** JSON 404 for API paths nobody handled. */
export function apiNotFound(): RequestHandler {
  return (req, res) => {
    const body: ApiErrorBody = {
      error: 'not_found',
      message: `No such endpoint: ${req.method} ${req.originalUrl.split('?')[0]}`,
      requestId: String(req.id ?? ''),
    };
    res.status(404).json(body);
  };
}
