/**
 * The one error handler: every failure of a request becomes its answer here, and nowhere else.
 * An AppError (src/platform/errors.ts) answers with the status of its kind; the few errors of
 * the layers below that are not AppErrors (session tokens, Shopify unavailable, zod, body
 * parsing) are given their kind here first. 4xx answers say what was wrong (the client's to
 * fix); 5xx answers say only that it failed, with the request id that finds the details in the
 * logs.
 */
import type { ErrorRequestHandler, RequestHandler } from 'express';
import { ZodError } from 'zod';
import type { ApiErrorBody } from '../../../src/app-api/contract.ts';
import { AppError, type ErrorKind } from '../../../src/platform/errors.ts';
import { InvalidSessionTokenError } from '../../../src/shopify/session-token.ts';
import { ReauthRequiredError, TokenEndpointError } from '../../../src/shopify/offline-tokens.ts';
import {
  AdminNetworkError,
  AdminRetriesExhaustedError,
  ShopifyUserErrors,
} from '../../../src/shopify/admin-errors.ts';

/** What App Bridge needs to fetch a fresh session token and retry the request. */
export const RETRY_INVALID_SESSION_HEADER = 'X-Shopify-Retry-Invalid-Session-Request';

const STATUS: Record<ErrorKind, number> = {
  invalid: 400,
  unauthorized: 401,
  not_found: 404,
  conflict: 409,
  rejected: 422,
  unavailable: 503,
};

/** body-parser, express.static and other http-errors style 4xx, by status. */
const CLIENT_ERRORS: Record<number, { kind: ErrorKind; code: string }> = {
  400: { kind: 'invalid', code: 'bad_request' },
  404: { kind: 'not_found', code: 'not_found' },
  405: { kind: 'invalid', code: 'method_not_allowed' },
  413: { kind: 'invalid', code: 'payload_too_large' },
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
  if (error instanceof AppError) return answerOf(error);
  if (error instanceof InvalidSessionTokenError || error instanceof ReauthRequiredError)
    return answerOf(
      new AppError('unauthorized', 'unauthorized', 'Your session has expired. Reload the app.'),
      { [RETRY_INVALID_SESSION_HEADER]: '1' },
    );
  if (error instanceof ZodError) {
    const fields: Record<string, string> = {};
    for (const issue of error.issues) fields[issue.path.join('.') || '_'] ??= issue.message;
    return answerOf(
      new AppError('invalid', 'invalid_request', 'Some fields are not valid.', { fields }),
    );
  }
  if (error instanceof ShopifyUserErrors)
    return answerOf(
      new AppError(
        'rejected',
        'shopify_rejected',
        error.userErrors.map((e) => e.message).join(' '),
      ),
    );
  if (
    error instanceof TokenEndpointError ||
    error instanceof AdminRetriesExhaustedError ||
    error instanceof AdminNetworkError
  )
    return answerOf(
      new AppError(
        'unavailable',
        'shopify_unavailable',
        'Shopify is not responding. Try again in a minute.',
        { retryAfterSeconds: 30 },
      ),
    );
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
    else
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
