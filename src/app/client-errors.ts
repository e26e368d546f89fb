/**
 * How failures of the layers below look to a client, as AppErrors: the few errors that are not
 * AppErrors themselves because their own layer uses them for more than answering a request (a
 * Shopify outage also pauses a generation; a revoked token also stops a worker). The web's one
 * error handler asks this first, so it needs to know no adapter's error classes.
 */
import type { ErrorCode } from '../app-api/error-codes.ts';
import { AppError } from '../platform/errors.ts';
import { InvalidSessionTokenError } from '../shopify/session-token.ts';
import { ReauthRequiredError, TokenEndpointError } from '../shopify/offline-tokens.ts';
import {
  AdminNetworkError,
  AdminRetriesExhaustedError,
  ShopifyUserErrors,
} from '../shopify/admin-errors.ts';

/** An expired session: App Bridge fetches a new session token and retries (the web says how). */
export const SESSION_EXPIRED = 'unauthorized' satisfies ErrorCode;

export function asClientError(error: unknown): AppError | null {
  if (error instanceof AppError) return error;
  if (error instanceof InvalidSessionTokenError || error instanceof ReauthRequiredError)
    return new AppError('unauthorized', SESSION_EXPIRED, { cause: error });
  if (error instanceof ShopifyUserErrors)
    // Shopify's own words, in the admin's language of its choosing: passed on as they are.
    return new AppError('rejected', 'shopify_rejected', {
      params: { details: error.userErrors.map((e) => e.message).join(' ') },
      cause: error,
    });
  if (
    error instanceof TokenEndpointError ||
    error instanceof AdminRetriesExhaustedError ||
    error instanceof AdminNetworkError
  )
    return new AppError('unavailable', 'shopify_unavailable', {
      retryAfterSeconds: 30,
      cause: error,
    });
  return null;
}
