/**
 * The ProductAI client's public surface. Browser code imports `./catalogue.ts` directly (it has
 * no dependencies); server code imports from here.
 */
export * from './catalogue.ts';
export * from './schemas.ts';
export * from './errors.ts';
export { accountOf } from './account.ts';
export {
  DEFAULT_READ_RETRY,
  DEFAULT_TIMEOUT_MS,
  type CallOptions,
  type RetryPolicy,
  type Sleep,
} from './http.ts';
export {
  createProductAiClient,
  PRODUCTAI_BASE_URL,
  type CurrentApi,
  type ProductAiClient,
  type ProductAiClientOptions,
} from './client.ts';
export { MAX_PAGE_SIZE, type LegacyApi } from './legacy-client.ts';
export {
  POLL_CADENCE,
  waitForJob,
  type JobKind,
  type PollCadence,
  type WaitForJobOptions,
} from './wait-for-job.ts';
export * from './webhook.ts';
