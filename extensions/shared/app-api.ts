/**
 * The extensions' client for the app's own API (`/api/*`, shapes in src/app-api/contract.ts).
 *
 * Paths are relative on purpose: in an admin UI extension, `fetch` resolves a relative URL
 * against the app's URL and adds the `Authorization: Bearer <session token>` header itself, so
 * no token handling lives here. The app's server answers CORS for the extensions' origin.
 */
import type {
  ApiErrorBody,
  BulkEstimate,
  BulkRunView,
  CollectionSummary,
  CreateBulkRunRequest,
  CreatedGeneration,
  CreateGenerationRequest,
  Estimate,
  ExperimentView,
  GenerationPage,
  GenerationView,
  ProductDetail,
  SettingsView,
  ShopView,
  StartExperimentRequest,
} from '../../src/app-api/contract.ts';
import {
  IDEMPOTENCY_HEADER,
  newIdempotencyKey,
  sendWithResend,
} from '../../src/app-api/idempotency-key.ts';
import { codedText } from './coded-text.ts';

/**
 * A request the app refused (4xx/5xx with an `ApiErrorBody`) or that never got an answer
 * (`status` 0, code `network`). `message` and `fields` are in the merchant's language, translated
 * from the answer's codes (coded-text.ts); empty when the app sent no message.
 */
export class AppApiError extends Error {
  readonly status: number;
  readonly code: string;
  /** Field name -> problem, for forms. */
  readonly fields: Readonly<Record<string, string>>;

  constructor(status: number, body: ApiErrorBody) {
    const known = body.message ? codedText({ code: body.error, params: body.params }) : null;
    super(known ?? body.message);
    this.name = 'AppApiError';
    this.status = status;
    this.code = body.error;
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

export const appApi = {
  /** The shop's clock: its Shopify time zone, the one every date is shown on. */
  shop: () => request<ShopView>('GET', '/api/shop'),
  settings: () => request<SettingsView>('GET', '/api/settings'),
  product: (productId: string) =>
    request<ProductDetail>('GET', `/api/products/${encodeURIComponent(productId)}`),
  collection: (collectionId: string) =>
    request<CollectionSummary>('GET', `/api/collections/${encodeURIComponent(collectionId)}`),
  generation: (id: string) =>
    request<GenerationView>('GET', `/api/generations/${encodeURIComponent(id)}`),
  /** A product's generations, newest first (the app's Activity filtered to the product). */
  productGenerations: (productId: string, limit: number) =>
    request<GenerationPage>(
      'GET',
      `/api/generations?${new URLSearchParams({ productId, limit: String(limit) }).toString()}`,
    ),
  /** One call per click: its key makes a click whose answer was lost one generation. */
  createGeneration: (body: CreateGenerationRequest) =>
    request<CreatedGeneration>('POST', '/api/generations', body, newIdempotencyKey()),
  /** What a generation would cost and make; with `eachVariant`, the product's values and images. */
  estimateGeneration: (body: CreateGenerationRequest) =>
    request<Estimate>('POST', '/api/generations/estimate', body),
  /** The run's target, parameters and budget: what it makes, skips, costs and when it is done. */
  estimateBulkRun: (body: CreateBulkRunRequest) =>
    request<BulkEstimate>('POST', '/api/bulk-runs/estimate', body),
  createBulkRun: (body: CreateBulkRunRequest) =>
    request<BulkRunView>('POST', '/api/bulk-runs', body),
  /**
   * An image experiment on a product (the block's start form). No key: a second start on the
   * product is refused (product_in_experiment), so a click is never two experiments.
   */
  startExperiment: (body: StartExperimentRequest) =>
    request<ExperimentView>('POST', '/api/experiments', body),
};

/**
 * With an idempotency key (a create), the request is sent once more when no answer or a
 * gateway's came back: the key makes that safe (the same click, one generation).
 */
async function request<T>(
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  idempotencyKey?: string,
): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (idempotencyKey) headers[IDEMPOTENCY_HEADER] = idempotencyKey;
  const send = () =>
    fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  let response: Response;
  try {
    response = await sendWithResend(send, idempotencyKey);
  } catch {
    throw new AppApiError(0, { error: 'network', message: '' });
  }
  const payload: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    throw new AppApiError(
      response.status,
      isApiErrorBody(payload) ? payload : { error: `http_${response.status}`, message: '' },
    );
  }
  return payload as T;
}

function isApiErrorBody(value: unknown): value is ApiErrorBody {
  if (typeof value !== 'object' || value === null) return false;
  const { error, message } = value as Record<string, unknown>;
  return typeof error === 'string' && typeof message === 'string';
}
