/**
 * The one error handler. 4xx answers say what was wrong (they are the client's to fix); 5xx
 * answers say only that it failed, with the request id that finds the details in the logs.
 * Errors the layers below throw are mapped here, so routes can simply let them propagate.
 */
import type { ErrorRequestHandler, RequestHandler } from 'express';
import { ZodError } from 'zod';
import type { ApiErrorBody } from '../../../src/app-api/contract.ts';
import { InvalidSessionTokenError } from '../../../src/shopify/session-token.ts';
import { ReauthRequiredError, TokenEndpointError } from '../../../src/shopify/offline-tokens.ts';
import {
  AdminNetworkError,
  AdminRetriesExhaustedError,
  ShopifyUserErrors,
} from '../../../src/shopify/admin-errors.ts';
import { HttpError, RETRY_INVALID_SESSION_HEADER } from '../http-error.ts';

const CLIENT_ERROR_CODES: Record<number, string> = {
  404: 'not_found',
  405: 'method_not_allowed',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
};

function toHttpError(error: unknown): HttpError | null {
  if (error instanceof HttpError) return error;
  if (error instanceof InvalidSessionTokenError || error instanceof ReauthRequiredError)
    return new HttpError(401, 'unauthorized', 'Your session has expired. Reload the app.', {
      headers: { [RETRY_INVALID_SESSION_HEADER]: '1' },
    });
  if (error instanceof ZodError) {
    const fields: Record<string, string> = {};
    for (const issue of error.issues) fields[issue.path.join('.') || '_'] ??= issue.message;
    return new HttpError(400, 'invalid_request', 'Some fields are not valid.', { fields });
  }
  if (error instanceof ShopifyUserErrors)
    return new HttpError(422, 'shopify_rejected', error.userErrors.map((e) => e.message).join(' '));
  if (
    error instanceof TokenEndpointError ||
    error instanceof AdminRetriesExhaustedError ||
    error instanceof AdminNetworkError
  )
    return new HttpError(
      503,
      'shopify_unavailable',
      'Shopify is not responding. Try again in a minute.',
      {
        headers: { 'Retry-After': '30' },
      },
    );
  // body-parser, express.static and other http-errors style errors carry their own 4xx status.
  const status = (error as { status?: unknown })?.status;
  if (typeof status === 'number' && status >= 400 && status < 500)
    return new HttpError(
      status,
      CLIENT_ERROR_CODES[status] ?? 'bad_request',
      (error as Error).message,
    );
  return null;
}

export function errorHandler(): ErrorRequestHandler {
  return (error, req, res, next) => {
    if (res.headersSent) return next(error);
    const mapped = toHttpError(error);
    const status = mapped?.status ?? 500;
    const requestId = String(req.id ?? '');
    if (status >= 500) req.log.error({ err: error }, 'request failed');
    else req.log.info({ code: mapped?.code, reason: (error as Error).message }, 'request rejected');
    for (const [name, value] of Object.entries(mapped?.headers ?? {})) res.setHeader(name, value);
    const body: ApiErrorBody =
      mapped && status < 500
        ? { error: mapped.code, message: mapped.message, requestId, fields: mapped.fields }
        : {
            error: mapped?.code ?? 'internal_error',
            message: mapped?.message ?? `Something went wrong on our side. Reference: ${requestId}`,
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
