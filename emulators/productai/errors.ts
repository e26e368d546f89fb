/**
 * Every error body the emulator sends, in one place. The current interface's shapes are the
 * spec's (ApiError for 400, `{ error }` for 401/403/429); the earlier interface's are not shown
 * in the spec, so they follow its failed-job error object: `{ error: { code, message } }`.
 */

export interface ApiErrorBody {
  name: 'ApiError';
  message: string;
  details: string;
}

/** 400 body of the current interface. */
export function apiError(message: string, details: string): ApiErrorBody {
  return { name: 'ApiError', message, details };
}

export function outOfTokens(cost: number, balance: number): ApiErrorBody {
  return apiError(
    'OUT_OF_TOKENS',
    `Not enough credits: this request costs ${cost} credits and the account has ${balance}.`,
  );
}

export const MISSING_KEY = {
  error: 'API key is required. Send your API key in the x-api-key header.',
};

export const INVALID_KEY = {
  error:
    'Invalid or inactive API key. Please get a new API key from the API access page of your dashboard.',
};

/** The 429 of the generation endpoints; `windowMs` is the limiter's window (a minute by default). */
export function tooManyGenerations(windowMs: number): { error: string } {
  return {
    error: `Too many generation requests from this IP, please try again after ${describeWindow(windowMs)}.`,
  };
}

/** The 429 of upload-asset (1 per second per account); not shown in the spec, same shape. */
export function tooManyUploads(windowMs: number): { error: string } {
  return {
    error: `Too many upload requests for this account, please try again after ${describeWindow(windowMs)}.`,
  };
}

export const SERVER_ERROR = { error: 'Internal server error' };

export const NOT_FOUND = { error: 'Not found' };

export const METHOD_NOT_ALLOWED = { error: 'Method not allowed' };

function describeWindow(ms: number): string {
  if (ms === 60_000) return 'a minute';
  if (ms === 1000) return 'a second';
  if (ms % 60_000 === 0) return `${ms / 60_000} minutes`;
  if (ms % 1000 === 0) return `${ms / 1000} seconds`;
  return `${ms} milliseconds`;
}

/** Codes of the earlier interface's error bodies. */
export type EarlierErrorCode =
  'missing_api_key' | 'invalid_api_key' | 'invalid_request' | 'invalid_image' | 'not_found';

export interface EarlierErrorBody {
  error: { code: EarlierErrorCode | 'generation_failed'; message: string };
}

export function earlierError(code: EarlierErrorCode, message: string): EarlierErrorBody {
  return { error: { code, message } };
}
