/**
 * The ProductAI transport: one HTTP exchange with a timeout, the caller's AbortSignal, failures
 * classified into typed errors, and retries with exponential backoff and jitter for reads only.
 *
 * Writes (POST, DELETE) are never retried here. A POST that failed after it may have been received can have
 * created a job and charged credits, and even a 5xx answer may come after the job was created;
 * the caller holds the context to reconcile it (see `ProductAiError.received`).
 */
import {
  errorFromResponse,
  isTransientProductAiError,
  ProductAiError,
  type Received,
} from './errors.ts';
import { trackProgress, type RequestProgress } from './request-progress.ts';

export interface RetryPolicy {
  /** Total tries, including the first. */
  attempts: number;
  /** Delay before the second try; doubles each time. */
  baseDelayMs: number;
  maxDelayMs: number;
}

export const DEFAULT_READ_RETRY: RetryPolicy = { attempts: 4, baseDelayMs: 500, maxDelayMs: 8_000 };
export const DEFAULT_TIMEOUT_MS = 30_000;

export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

export interface TransportOptions {
  baseUrl: string;
  fetch?: typeof fetch;
  /** Per attempt, from sending to the last byte of the answer. */
  timeoutMs?: number;
  readRetry?: RetryPolicy;
  /** Replaceable for tests: waits between retries. */
  sleep?: Sleep;
  /** Replaceable for tests: jitter source in [0, 1). */
  random?: () => number;
  /** Told the HTTP status of every answer (the metrics count 429s and 5xx). */
  onStatus?: (status: number) => void;
}

/** Accepted by every client method. */
export interface CallOptions {
  signal?: AbortSignal;
  /** Overrides the client's `timeoutMs` for this call. */
  timeoutMs?: number;
}

export interface TransportRequest {
  method: 'GET' | 'POST' | 'DELETE';
  /** Path from the base URL, starting with `/`. */
  path: string;
  query?: Record<string, string | number | undefined>;
  headers: Record<string, string>;
  json?: unknown;
  form?: FormData;
  /** A 400 on this request means the job does not exist. */
  jobRead?: boolean;
  call?: CallOptions;
}

export interface TransportResponse {
  status: number;
  body: unknown;
}

export interface Transport {
  send(request: TransportRequest): Promise<TransportResponse>;
}

/** Error codes of `cause` that prove the connection was never made. */
const NOT_SENT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EADDRNOTAVAIL',
  'UND_ERR_CONNECT_TIMEOUT',
]);

export const abortableSleep: Sleep = (ms, signal) =>
  new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });

export function createTransport(options: TransportOptions): Transport {
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const defaultTimeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const policy = options.readRetry ?? DEFAULT_READ_RETRY;
  const sleep = options.sleep ?? abortableSleep;
  const random = options.random ?? Math.random;

  async function sendOnce(request: TransportRequest, label: string): Promise<TransportResponse> {
    const caller = request.call?.signal;
    if (caller?.aborted) throw abortedError(label, 'no', caller.reason);
    const timeout = AbortSignal.timeout(request.call?.timeoutMs ?? defaultTimeoutMs);
    const signal = caller ? AbortSignal.any([caller, timeout]) : timeout;
    const { progress, result } = trackProgress(async () => {
      const response = await fetchImpl(urlFor(baseUrl, request), {
        method: request.method,
        headers: headersFor(request),
        body:
          request.form ?? (request.json === undefined ? undefined : JSON.stringify(request.json)),
        signal,
      });
      try {
        return { response, text: await response.text() };
      } catch (error) {
        // The service answered but the body was cut: what it did is unknown.
        throw new ProductAiError({
          code: caller?.aborted ? 'aborted' : 'maybe_sent',
          message: `${label}: the answer was cut off (HTTP ${response.status})`,
          received: 'maybe',
          status: response.status,
          request: label,
          cause: error,
        });
      }
    });
    let exchange: Awaited<typeof result>;
    try {
      exchange = await result;
    } catch (error) {
      if (error instanceof ProductAiError) throw error;
      const received = sentness(progress, error);
      if (caller?.aborted) throw abortedError(label, received, error);
      throw networkError(label, received, timeout.aborted, error);
    }
    const { response, text } = exchange;
    options.onStatus?.(response.status);
    const body = parseBody(text);
    if (response.ok) return { status: response.status, body };
    throw errorFromResponse({
      status: response.status,
      body,
      retryAfterHeader: response.headers.get('retry-after'),
      request: label,
      jobRead: request.jobRead ?? false,
    });
  }

  async function send(request: TransportRequest): Promise<TransportResponse> {
    const label = `${request.method} ${request.path}`;
    const retries = request.method === 'GET';
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await sendOnce(request, label);
      } catch (error) {
        // A 429 names its own wait (a minute by the spec), longer than a read's retries: its
        // caller waits it (waitForJob, the await stage's outage wait).
        const retryable =
          retries &&
          attempt < policy.attempts &&
          isTransientProductAiError(error) &&
          error.code !== 'rate_limited';
        if (!retryable) throw error;
        const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
        // "Equal jitter": at least half the backoff, so retries never bunch up at zero.
        const delay = ceiling / 2 + random() * (ceiling / 2);
        try {
          await sleep(delay, request.call?.signal);
        } catch (reason) {
          throw abortedError(label, 'no', reason);
        }
      }
    }
  }

  return { send };
}

function urlFor(baseUrl: string, request: TransportRequest): string {
  const url = new URL(baseUrl + request.path);
  for (const [key, value] of Object.entries(request.query ?? {})) {
    if (value !== undefined) url.searchParams.set(key, String(value));
  }
  return url.toString();
}

function headersFor(request: TransportRequest): Record<string, string> {
  const headers: Record<string, string> = { accept: 'application/json', ...request.headers };
  if (request.json !== undefined) headers['content-type'] = 'application/json';
  return headers;
}

function parseBody(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Whether a failed exchange may have reached the service. */
function sentness(progress: RequestProgress, error: unknown): Received {
  if (progress.tracked) return progress.headersSent ? 'maybe' : 'no';
  return NOT_SENT_CODES.has(causeCode(error) ?? '') ? 'no' : 'maybe';
}

function causeCode(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    const { code, cause } = current as { code?: unknown; cause?: unknown };
    if (typeof code === 'string') return code;
    current = cause;
  }
  return undefined;
}

function networkError(
  label: string,
  received: Received,
  timedOut: boolean,
  cause: unknown,
): ProductAiError {
  const what = timedOut ? 'timed out' : `failed (${causeCode(cause) ?? describe(cause)})`;
  const outcome =
    received === 'no' ? 'it did not reach the service' : 'the service may have received it';
  return new ProductAiError({
    code: received === 'no' ? 'not_sent' : 'maybe_sent',
    message: `${label} ${what}; ${outcome}`,
    received,
    request: label,
    cause,
  });
}

function abortedError(label: string, received: Received, cause: unknown): ProductAiError {
  return new ProductAiError({
    code: 'aborted',
    message: `${label} was aborted by the caller`,
    received,
    request: label,
    cause,
  });
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
