/**
 * An error a route throws to answer with a specific 4xx/5xx. The body follows the API contract's
 * `ApiErrorBody`: a stable `error` code and a `message` written for the merchant.
 */
export class HttpError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string> | undefined;
  readonly headers: Record<string, string>;
  constructor(
    status: number,
    code: string,
    message: string,
    options: { fields?: Record<string, string>; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
    this.code = code;
    this.fields = options.fields;
    this.headers = options.headers ?? {};
  }
}

/** What App Bridge needs to fetch a fresh session token and retry the request. */
export const RETRY_INVALID_SESSION_HEADER = 'X-Shopify-Retry-Invalid-Session-Request';
