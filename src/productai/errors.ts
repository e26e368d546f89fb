/**
 * One error type for everything the ProductAI client can fail with, discriminated by `code`, so
 * callers decide on data rather than on message text: fail the generation, pause the shop, ask
 * for a new key, wait out the rate limit, retry, or reconcile a request that may have landed.
 */
import type { ValidationProblem } from './catalogue.ts';

export type ProductAiErrorCode =
  /** 400 ApiError (or refused locally before sending): fix the request; nothing was charged. */
  | 'validation'
  /** 400 `OUT_OF_TOKENS`: not enough credits; nothing was charged. */
  | 'out_of_credits'
  /** 401: no API key was sent. */
  | 'missing_key'
  /** 403: the key is invalid or inactive; the merchant needs a new one. */
  | 'invalid_key'
  /** 429: wait `retryAfterMs` before the next generation request. */
  | 'rate_limited'
  /** 400 on a job read (or 404 on the earlier interface): no such job for this account. */
  | 'job_not_found'
  /** 404 on an earlier-interface asset. */
  | 'not_found'
  /** 5xx: the service received the request and failed; a POST may still have created a job. */
  | 'server'
  /** Any other HTTP status the spec does not describe. */
  | 'unexpected_status'
  /** The service answered with a body that does not match the contract. */
  | 'invalid_response'
  /** Network failure before the request left: certainly not received, safe to send again. */
  | 'not_sent'
  /** Network failure or timeout after the request may have been received: reconcile, never resend blindly. */
  | 'maybe_sent'
  /** The caller's AbortSignal fired; `received` says whether the service may have the request. */
  | 'aborted'
  /** `waitForJob` ran out of time before the job finished. */
  | 'deadline_exceeded';

/**
 * Whether the service may have acted on the request: `yes` when it answered, `no` when the
 * request certainly never reached it, `maybe` when that cannot be known.
 */
export type Received = 'yes' | 'no' | 'maybe';

export interface ProductAiErrorInit {
  code: ProductAiErrorCode;
  message: string;
  received: Received;
  status?: number;
  details?: string;
  problems?: ValidationProblem[];
  retryAfterMs?: number;
  /** The raw response body, when there was one. */
  body?: unknown;
  /** `METHOD path` of the request, for logs. */
  request?: string;
  cause?: unknown;
}

export class ProductAiError extends Error {
  override readonly name = 'ProductAiError';
  readonly code: ProductAiErrorCode;
  readonly received: Received;
  readonly status: number | undefined;
  /** The ApiError `details` text of a 400, or the joined problems of a local validation. */
  readonly details: string | undefined;
  /** Local validation problems, one per refused field (only for code `validation`). */
  readonly problems: ValidationProblem[];
  /** For `rate_limited`: how long the service asks to wait. */
  readonly retryAfterMs: number | undefined;
  readonly body: unknown;
  readonly request: string | undefined;

  constructor(init: ProductAiErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.code = init.code;
    this.received = init.received;
    this.status = init.status;
    this.details = init.details;
    this.problems = init.problems ?? [];
    this.retryAfterMs = init.retryAfterMs;
    this.body = init.body;
    this.request = init.request;
  }
}

export function isProductAiError(
  error: unknown,
  code?: ProductAiErrorCode,
): error is ProductAiError {
  return error instanceof ProductAiError && (code === undefined || error.code === code);
}

/**
 * The one classification of ProductAI's failures: `transient` when the service could not answer
 * for now (a 5xx, a 429, a 408, a timeout, a reset, DNS: `server`, `rate_limited`, `not_sent`,
 * `maybe_sent`; and a garbled answer, `invalid_response`, as a gateway's error page or a cut
 * body gives), so the same call may work later; `permanent` when it answered no (a 4xx of the
 * contract's error shapes: `validation`, `out_of_credits`, `missing_key`, `invalid_key`,
 * `job_not_found`, `not_found`; an answer that breaks the contract; the caller's own abort), so
 * asking again gets the same answer. Reads retry transient failures (http.ts, the await stage's
 * outage wait); a POST that failed transiently may still have created its job, so it is never
 * resent, only reconciled (`received`).
 */
export function productAiFailure(error: ProductAiError): 'transient' | 'permanent' {
  switch (error.code) {
    case 'server':
    case 'rate_limited':
    case 'not_sent':
    case 'maybe_sent':
    case 'invalid_response':
      return 'transient';
    case 'unexpected_status':
      return error.status === 408 ? 'transient' : 'permanent';
    default:
      return 'permanent';
  }
}

/** A ProductAI error worth asking again for (see productAiFailure). */
export function isTransientProductAiError(error: unknown): error is ProductAiError {
  return error instanceof ProductAiError && productAiFailure(error) === 'transient';
}

/** The error for a request refused by the catalogue's rules before it was sent. */
export function localValidationError(
  problems: ValidationProblem[],
  request: string,
): ProductAiError {
  return new ProductAiError({
    code: 'validation',
    message: problems[0]?.message ?? 'Invalid request',
    details: problems.map((problem) => problem.message).join('; '),
    problems,
    received: 'no',
    request,
  });
}

/** How long a 429 asks to wait when it says nothing more precise: "retry after a minute". */
export const DEFAULT_RETRY_AFTER_MS = 60_000;

export interface ErrorResponse {
  status: number;
  body: unknown;
  retryAfterHeader: string | null;
  request: string;
  /** The request read a job, so a 400 means the job does not exist (for this account). */
  jobRead: boolean;
}

/** Maps a non-2xx answer to its typed error, following the spec's status and body tables. */
export function errorFromResponse(response: ErrorResponse): ProductAiError {
  const { status, body, request } = response;
  const base = { status, body, request, received: 'yes' as const };
  const apiError = readApiError(body);
  const text = apiError?.message ?? readErrorText(body) ?? `HTTP ${status}`;
  if (status === 400 && apiError?.message === 'OUT_OF_TOKENS') {
    return new ProductAiError({
      ...base,
      code: 'out_of_credits',
      message: apiError.details ?? 'Not enough credits',
      details: apiError.details,
    });
  }
  if ((status === 400 || status === 404) && response.jobRead) {
    return new ProductAiError({ ...base, code: 'job_not_found', message: text });
  }
  if (status === 400 || status === 413 || status === 415 || status === 422) {
    return new ProductAiError({
      ...base,
      code: 'validation',
      message: text,
      details: apiError?.details,
    });
  }
  if (status === 401) return new ProductAiError({ ...base, code: 'missing_key', message: text });
  if (status === 403) return new ProductAiError({ ...base, code: 'invalid_key', message: text });
  if (status === 404) return new ProductAiError({ ...base, code: 'not_found', message: text });
  if (status === 429) {
    return new ProductAiError({
      ...base,
      code: 'rate_limited',
      message: text,
      retryAfterMs: retryAfterMs(response.retryAfterHeader, text),
    });
  }
  if (status >= 500) return new ProductAiError({ ...base, code: 'server', message: text });
  return new ProductAiError({ ...base, code: 'unexpected_status', message: text });
}

function readApiError(body: unknown): { message?: string; details?: string } | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const { message, details } = body as Record<string, unknown>;
  if (typeof message !== 'string') return undefined;
  return { message, details: typeof details === 'string' ? details : undefined };
}

function readErrorText(body: unknown): string | undefined {
  if (typeof body === 'string' && body.trim() !== '') return body.trim().slice(0, 500);
  if (typeof body !== 'object' || body === null) return undefined;
  const { error } = body as Record<string, unknown>;
  if (typeof error === 'string') return error;
  if (typeof error === 'object' && error !== null) {
    const nested = (error as Record<string, unknown>).message;
    if (typeof nested === 'string') return nested;
  }
  return undefined;
}

const UNIT_MS: Record<string, number> = {
  ms: 1,
  millisecond: 1,
  milliseconds: 1,
  s: 1000,
  sec: 1000,
  second: 1000,
  seconds: 1000,
  minute: 60_000,
  minutes: 60_000,
};

/**
 * The wait a 429 asks for: a `Retry-After` header (seconds or HTTP date) if present, else a
 * duration in the body text ("retry after 30 seconds"), else the spec's minute.
 */
export function retryAfterMs(header: string | null, text: string, now = Date.now()): number {
  if (header !== null && header.trim() !== '') {
    const seconds = Number(header);
    if (Number.isFinite(seconds) && seconds >= 0) return Math.round(seconds * 1000);
    const date = Date.parse(header);
    if (Number.isFinite(date)) return Math.max(0, date - now);
  }
  const match =
    /after (?:(an?|\d+(?:\.\d+)?)\s*)?(ms|milliseconds?|s|sec|seconds?|minutes?)\b/i.exec(text);
  if (match) {
    const amount = match[1] === undefined || /^an?$/i.test(match[1]) ? 1 : Number(match[1]);
    const unit = UNIT_MS[match[2]!.toLowerCase()];
    if (unit !== undefined) return Math.round(amount * unit);
  }
  return DEFAULT_RETRY_AFTER_MS;
}
