/** Typed failures of Admin API calls, so callers can tell "fix the input" from "try later". */

export class AdminApiError extends Error {
  readonly shop: string;
  readonly operationName: string;
  constructor(shop: string, operationName: string, message: string, options?: ErrorOptions) {
    super(`${operationName} on ${shop}: ${message}`, options);
    this.name = 'AdminApiError';
    this.shop = shop;
    this.operationName = operationName;
  }
}

export interface GraphqlErrorEntry {
  message: string;
  extensions?: { code?: string; [key: string]: unknown };
  path?: (string | number)[];
}

/** Top-level `errors` in the response (bad query, access denied, ...). */
export class AdminGraphqlError extends AdminApiError {
  readonly errors: GraphqlErrorEntry[];
  constructor(shop: string, operationName: string, errors: GraphqlErrorEntry[]) {
    super(shop, operationName, errors.map((error) => error.message).join('; '));
    this.name = 'AdminGraphqlError';
    this.errors = errors;
  }
}

export interface UserError {
  field: string[] | null;
  message: string;
  code?: string | null;
}

/** A mutation ran and refused the input: `userErrors` in its payload (a 200 with data). */
export class ShopifyUserErrors extends AdminApiError {
  readonly userErrors: UserError[];
  /** The response data, for callers that want the rest of the payload. */
  readonly data: unknown;
  constructor(shop: string, operationName: string, userErrors: UserError[], data: unknown) {
    super(shop, operationName, userErrors.map((error) => error.message).join('; '));
    this.name = 'ShopifyUserErrors';
    this.userErrors = userErrors;
    this.data = data;
  }
}

/** An HTTP status that retrying does not fix (or a 5xx after a mutation, which may have run). */
export class AdminHttpError extends AdminApiError {
  readonly status: number;
  constructor(shop: string, operationName: string, status: number, body: string) {
    super(shop, operationName, `HTTP ${status}${body ? `: ${body.slice(0, 300)}` : ''}`);
    this.name = 'AdminHttpError';
    this.status = status;
  }
}

/** Still throttled, or still failing with 5xx/network errors, after every retry. */
export class AdminRetriesExhaustedError extends AdminApiError {
  readonly attempts: number;
  constructor(shop: string, operationName: string, attempts: number, cause: unknown) {
    super(shop, operationName, `gave up after ${attempts} attempts: ${describe(cause)}`, { cause });
    this.name = 'AdminRetriesExhaustedError';
    this.attempts = attempts;
  }
}

/** The request may or may not have reached Shopify (network failure during a mutation). */
export class AdminNetworkError extends AdminApiError {
  constructor(shop: string, operationName: string, cause: unknown) {
    super(shop, operationName, `network error: ${describe(cause)}`, { cause });
    this.name = 'AdminNetworkError';
  }
}

function describe(cause: unknown): string {
  return cause instanceof Error ? cause.message : String(cause);
}
