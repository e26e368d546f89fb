/**
 * The app's own API, always same-origin `/api/...`: App Bridge adds the session token to these
 * requests by itself (and retries once with a fresh token when the server asks), so nothing here
 * handles tokens.
 */
import type { ApiErrorBody, TextParams } from '../shared/contract.ts';
import { codedText } from '../i18n/coded-text.ts';
import { t } from '../i18n/index.ts';
import { IDEMPOTENCY_HEADER, sendWithResend } from '../shared/idempotency-key.ts';

/**
 * A failed call. `message` and `fields` are in the merchant's language: translated from the
 * answer's code and params (and each field's), never from its English, which is kept only for a
 * code this page has no text for.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly params: TextParams;
  readonly fields: Readonly<Record<string, string>>;

  constructor(status: number, body: ApiErrorBody) {
    super(codedText({ code: body.error, params: body.params }) ?? body.message);
    this.name = 'ApiError';
    this.status = status;
    this.code = body.error;
    this.params = body.params ?? {};
    this.fields = fieldTexts(body);
  }
}

function fieldTexts({ fields = {}, fieldErrors = {} }: ApiErrorBody): Record<string, string> {
  const texts: Record<string, string> = { ...fields };
  for (const [field, text] of Object.entries(fieldErrors)) {
    texts[field] = codedText(text) ?? fields[field] ?? '';
  }
  return texts;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface RequestOptions {
  /**
   * The click's key (a create): sent as `Idempotency-Key`, and the request is sent once more with
   * it when no answer or a gateway's came back, which the key makes safe.
   */
  idempotencyKey?: string;
}

async function request<T>(
  method: Method,
  path: string,
  body?: unknown,
  { idempotencyKey }: RequestOptions = {},
): Promise<T> {
  // A file (the shop style's image) is sent as it is, with its own type; anything else as JSON.
  const file = body instanceof Blob ? body : null;
  const send = () =>
    fetch(`/api${path}`, {
      method,
      headers: {
        Accept: 'application/json',
        ...(body === undefined ? {} : { 'Content-Type': file ? file.type : 'application/json' }),
        ...(idempotencyKey ? { [IDEMPOTENCY_HEADER]: idempotencyKey } : {}),
      },
      body: body === undefined ? undefined : (file ?? JSON.stringify(body)),
    });
  let response: Response;
  try {
    response = await sendWithResend(send, idempotencyKey);
  } catch {
    throw new ApiError(0, { error: 'network', message: t('errors.network') });
  }
  if (response.ok) {
    return (response.status === 204 ? undefined : await response.json()) as T;
  }
  throw new ApiError(response.status, await readErrorBody(response));
}

async function readErrorBody(response: Response): Promise<ApiErrorBody> {
  try {
    const body = (await response.json()) as Partial<ApiErrorBody>;
    if (typeof body.message === 'string') {
      const { error = 'error', message, params, fields, fieldErrors } = body;
      return { error, message, params, fields, fieldErrors };
    }
  } catch {
    // Not JSON (a proxy's error page, for example): fall through to a generic message.
  }
  return {
    error: `http_${response.status}`,
    message: t('errors.status', { status: String(response.status) }),
  };
}

export const api = {
  get: <T>(path: string) => request<T>('GET', path),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('POST', path, body ?? {}, options),
  put: <T>(path: string, body: unknown) => request<T>('PUT', path, body),
  /** PUTs a file as the request body (Content-Type: the file's type). */
  putFile: <T>(path: string, file: Blob) => request<T>('PUT', path, file),
  patch: <T>(path: string, body: unknown) => request<T>('PATCH', path, body),
  delete: <T>(path: string) => request<T>('DELETE', path),
};

export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  return new ApiError(0, {
    error: 'unexpected',
    message: error instanceof Error ? error.message : t('errors.unexpected'),
  });
}

/** Query string from defined values only: `query({ state: 'failed', cursor: undefined })`. */
export function query(params: Record<string, string | number | null | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}
