/**
 * Admin GraphQL client for one shop, on the pinned API version, with the shop's offline token.
 *
 * - Takes a named operation document (from ./operations) and its variables, typed by the
 *   document (admin-operations.ts): the variables it declares, the result it selects.
 * - Throttles itself before Shopify would: waits until the cost bucket holds the operation's
 *   expected cost, and gives back what it did not cost once Shopify answers (cost-throttle.ts).
 * - Retries `THROTTLED` (which arrives inside a 200) and HTTP 429 with backoff, for queries and
 *   mutations alike: a throttled request did not run. 5xx and network failures are retried for
 *   queries only: a mutation may have run, so the caller decides (AdminHttpError /
 *   AdminNetworkError).
 * - A 401 gets one token recovery (refresh) and one retry; a token that cannot be recovered
 *   surfaces as ReauthRequiredError.
 * - Top-level `errors` become AdminGraphqlError; any non-empty `userErrors` in the payload
 *   becomes ShopifyUserErrors.
 */
import { Kind, parse, type OperationTypeNode } from 'graphql';
import type { Clock } from '../platform/clock.ts';
import type { Logger } from '../platform/logger.ts';
import { assertShopDomain } from '../platform/keys.ts';
import { ADMIN_API_VERSION } from './api-version.ts';
import type { AdminDocument, AdminRequestArguments, AdminResult } from './admin-operations.ts';
import type { FetchFn } from './admin-fetch.ts';
import { ReauthRequiredError, type OfflineTokens } from './offline-tokens.ts';
import { createCostThrottle, type ThrottleStatus } from './cost-throttle.ts';
import {
  AdminGraphqlError,
  AdminHttpError,
  AdminNetworkError,
  AdminRetriesExhaustedError,
  ShopifyUserErrors,
  type GraphqlErrorEntry,
  type UserError,
} from './admin-errors.ts';

export interface AdminClient {
  readonly shop: string;
  request<D extends AdminDocument>(
    document: D,
    ...args: AdminRequestArguments<D>
  ): Promise<AdminResult<D>>;
}

export interface AdminClientFactory {
  forShop(shop: string): AdminClient;
}

export interface AdminClientOptions {
  tokens: Pick<OfflineTokens, 'accessToken' | 'recover'>;
  fetch: FetchFn;
  clock: Clock;
  logger: Logger;
  /** Attempts per request across throttling and transient failures (default 6). */
  maxAttempts?: number;
  /** Backoff: base * 2^(attempt-1), capped (defaults 250 ms, 8 s). */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /**
   * The share of each shop's cost bucket this process's calls leave to other processes (0-1):
   * the worker process leaves room for the web process's interactive calls (cost-throttle.ts).
   */
  keepFree?: number;
  /** Per-attempt timeout (default 30 s). */
  timeoutMs?: number;
  /** Told of every throttled attempt (THROTTLED or HTTP 429) before its retry (metrics). */
  onThrottled?: (shop: string, operation: string) => void;
}

interface ParsedOperation {
  name: string;
  type: OperationTypeNode;
}

interface GraphqlResponse {
  data?: unknown;
  errors?: GraphqlErrorEntry[];
  extensions?: {
    cost?: {
      requestedQueryCost?: number;
      actualQueryCost?: number | null;
      throttleStatus?: ThrottleStatus;
    };
  };
}

const operationCache = new Map<string, ParsedOperation>();

/** The document's single named operation (documents are validated in the tests; this guards). */
export function parseOperation(document: string): ParsedOperation {
  const cached = operationCache.get(document);
  if (cached) return cached;
  const operations = parse(document).definitions.filter(
    (definition) => definition.kind === Kind.OPERATION_DEFINITION,
  );
  const [operation] = operations;
  if (operations.length !== 1 || !operation?.name)
    throw new Error('An Admin document must hold exactly one named operation');
  const parsed = { name: operation.name.value, type: operation.operation };
  operationCache.set(document, parsed);
  return parsed;
}

/** Every non-empty `userErrors` list anywhere in the payload. */
export function collectUserErrors(data: unknown): UserError[] {
  const found: UserError[] = [];
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (!value || typeof value !== 'object') return;
    for (const [key, child] of Object.entries(value)) {
      if (key === 'userErrors' && Array.isArray(child)) found.push(...(child as UserError[]));
      else visit(child);
    }
  };
  visit(data);
  return found;
}

export function createAdminClientFactory(options: AdminClientOptions): AdminClientFactory {
  const { tokens, clock } = options;
  const log = options.logger.child({ component: 'admin-client' });
  const maxAttempts = options.maxAttempts ?? 6;
  const baseDelayMs = options.baseDelayMs ?? 250;
  const maxDelayMs = options.maxDelayMs ?? 8_000;
  const timeoutMs = options.timeoutMs ?? 30_000;
  // One bucket model per shop for the whole process (every client of a shop shares it).
  const throttle = createCostThrottle(clock, { keepFree: options.keepFree ?? 0 });

  const backoff = (attempt: number) => {
    const ceiling = Math.min(maxDelayMs, baseDelayMs * 2 ** (attempt - 1));
    return Math.round(ceiling / 2 + (Math.random() * ceiling) / 2);
  };

  function forShop(shopDomain: string): AdminClient {
    const shop = assertShopDomain(shopDomain);
    const url = `https://${shop}/admin/api/${ADMIN_API_VERSION}/graphql.json`;

    async function request<D extends AdminDocument>(
      document: D,
      ...[variables = {}, { signal } = {}]: AdminRequestArguments<D>
    ): Promise<AdminResult<D>> {
      const operation = parseOperation(document);
      const name = operation.name;
      const isQuery = operation.type === 'query';
      const body = JSON.stringify({ query: document, variables, operationName: name });
      let token = await tokens.accessToken(shop);
      let recovered = false;
      let lastFailure: unknown;

      for (let attempt = 1; attempt <= maxAttempts; attempt++) {
        const expected = throttle.expectedCost(name);
        const admission = await throttle.admit(shop, expected, signal);
        let settled = false;
        try {
          if (admission.waitedMs > 0) {
            log.debug(
              { shop, operation: name, waitedMs: admission.waitedMs },
              'waited for cost bucket',
            );
          }
          let response: Response;
          try {
            response = await options.fetch(url, {
              method: 'POST',
              headers: {
                'Content-Type': 'application/json',
                Accept: 'application/json',
                'X-Shopify-Access-Token': token,
              },
              body,
              signal: signal
                ? AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)])
                : AbortSignal.timeout(timeoutMs),
            });
          } catch (error) {
            signal?.throwIfAborted();
            if (!isQuery) throw new AdminNetworkError(shop, name, error);
            lastFailure = error;
            log.warn(
              { shop, operation: name, attempt, err: error },
              'Admin API network error; retrying',
            );
            await clock.sleep(backoff(attempt), signal);
            continue;
          }

          if (response.status === 401 && !recovered) {
            await response.body?.cancel();
            recovered = true;
            token = await tokens.recover(shop, token);
            attempt--; // the token, not Shopify, failed: this does not count as an attempt
            continue;
          }
          if (response.status === 401) {
            await response.body?.cancel();
            throw new ReauthRequiredError(shop, 'Shopify rejected the refreshed access token');
          }
          if (response.status === 429) {
            await response.body?.cancel();
            options.onThrottled?.(shop, name);
            lastFailure = new Error('HTTP 429');
            const retryAfter = Number(response.headers.get('Retry-After'));
            await clock.sleep(retryAfter > 0 ? retryAfter * 1000 : backoff(attempt), signal);
            continue;
          }
          if (response.status >= 500 && isQuery) {
            await response.body?.cancel();
            lastFailure = new Error(`HTTP ${response.status}`);
            log.warn(
              { shop, operation: name, attempt, status: response.status },
              'Admin API 5xx; retrying',
            );
            await clock.sleep(backoff(attempt), signal);
            continue;
          }
          if (!response.ok) {
            throw new AdminHttpError(shop, name, response.status, await response.text());
          }

          const payload = (await response.json()) as GraphqlResponse;
          const cost = payload.extensions?.cost;
          admission.settle(cost);
          settled = true;
          if (cost?.requestedQueryCost !== undefined)
            throttle.learnCost(name, cost.requestedQueryCost);

          const errors = payload.errors ?? [];
          if (errors.some((error) => error.extensions?.code === 'THROTTLED')) {
            lastFailure = new AdminGraphqlError(shop, name, errors);
            options.onThrottled?.(shop, name);
            const waitMs =
              throttle.waitFor(shop, cost?.requestedQueryCost ?? expected) ?? backoff(attempt);
            log.warn({ shop, operation: name, attempt, waitMs }, 'Admin API throttled; retrying');
            await clock.sleep(Math.max(waitMs, backoff(1)), signal);
            continue;
          }
          if (errors.length > 0) throw new AdminGraphqlError(shop, name, errors);
          const userErrors = collectUserErrors(payload.data);
          if (userErrors.length > 0)
            throw new ShopifyUserErrors(shop, name, userErrors, payload.data);
          return payload.data as AdminResult<D>;
        } finally {
          if (!settled) admission.settle();
        }
      }
      throw new AdminRetriesExhaustedError(shop, name, maxAttempts, lastFailure);
    }

    return { shop, request };
  }

  return { forShop };
}
