/**
 * Durable Shopify webhooks: every verified delivery becomes a BullMQ job BEFORE Shopify gets
 * its 200, and a worker runs the topic's handler until it succeeds. Nothing runs in memory
 * after the answer, so no crash and no Redis error can lose a delivery.
 *
 *   received ──▶ enqueued ──▶ processing ──▶ processed
 *                                  └──(every attempt failed)──▶ failed (kept, retried at start)
 *
 *  - received (the HTTP request, web process): verified, then the done marker is read. Nothing
 *    is stored yet. A crash here sends no 200, so Shopify redelivers.
 *  - enqueued: a job whose id is the dedupe id (Shopify's event id, else its webhook id: both
 *    unique across shops, so the id names no shop) is added, then the 200 is sent. The job keeps
 *    only the fields of the payload its handler reads (`PAYLOAD_KEPT`), not the whole body (a
 *    product's, or a customer's for the compliance topics). Adding is idempotent: a redelivery
 *    while the job waits or runs adds nothing. If Redis cannot take the job, the answer is 503 and
 *    Shopify redelivers (it retries for 48 hours). A crash after the add and before the 200: the
 *    redelivery finds the job (or the done marker) and is answered 200.
 *  - processing (worker process): the topic's ONE handler runs. Handlers are idempotent: they
 *    reload state and converge. A worker killed mid-handler loses its lock; after `lockMs`
 *    another worker's stalled check puts the job back and the handler runs again. A thrown
 *    error is retried with exponential backoff, `attempts` times.
 *  - processed: the handler returned, then the done marker
 *    `pai:app:webhook-done:<queue prefix>:<id>` is set (kept `doneTtlSeconds`, past Shopify's 48
 *    hours of retries) and the job is removed. The marker is app-wide and holds a time, no
 *    domain: the shop/redact job writes its own marker after the erase, and under the shop's
 *    prefix that marker would outlive the erase. A crash between the two reruns the handler
 *    (harmless). A later redelivery sees the marker: 200, no job. A job that starts and finds the
 *    marker (a redelivery enqueued in the instant the previous job finished) does nothing.
 *  - failed: the last attempt failed. Logged at error level, kept in BullMQ's failed set (the
 *    queue-depth metric shows it; alert on it) for `failedRetentionSeconds`, at most
 *    `failedKept` of them, and retried when a worker process starts, so a deploy with the fix
 *    finishes it. The shop's erase (shop/redact) removes its jobs, failed ones included.
 *    Shopify's own retries cannot revive it: they stop at the 200, and the job id is taken.
 *
 * Adding a topic (e.g. products/create): subscribe to it in shopify.app.toml and register ONE
 * handler for it in src/shopify/webhook-handlers.ts. The worker refuses to start while a
 * declared topic has no handler.
 */
import { Worker, type ConnectionOptions, type Queue } from 'bullmq';
import type { Clock } from '../platform/clock.ts';
import type { Logger } from '../platform/logger.ts';
import type { Redis } from '../platform/redis/connection.ts';
import { appWideKey } from '../platform/keys.ts';
import { openQueue } from '../platform/queues/open-queue.ts';
import { eraseShopJobs } from '../platform/queues/erase-shop-jobs.ts';
import { topicKey, type ShopifyWebhook, type WebhookRegistry } from './webhooks.ts';

export const WEBHOOK_QUEUE = 'shopify-webhooks';

export interface WebhookQueueConfig {
  /** BullMQ key prefix (tests use their own, so parallel files never share jobs). */
  prefix: string;
  /** Tries of one delivery; with `backoffMs` 5 s, 10 tries span about 40 minutes. */
  attempts: number;
  backoffMs: number;
  /** How long a worker's lock on a running job lasts: a killed worker's job waits this long. */
  lockMs: number;
  stalledCheckMs: number;
  concurrency: number;
  /** Done markers outlive Shopify's 48 hours of retries. */
  doneTtlSeconds: number;
  /** Failed jobs are kept this long for the operator (7 days)… */
  failedRetentionSeconds: number;
  /** …and at most this many (the oldest go first). */
  failedKept: number;
}

export const DEFAULT_WEBHOOK_QUEUE_CONFIG: WebhookQueueConfig = {
  prefix: 'pai-webhooks',
  attempts: 10,
  backoffMs: 5_000,
  lockMs: 30_000,
  stalledCheckMs: 30_000,
  concurrency: 4,
  doneTtlSeconds: 72 * 3600,
  failedRetentionSeconds: 7 * 24 * 3600,
  failedKept: 10_000,
};

export function webhookQueueConfig(
  overrides: Partial<WebhookQueueConfig> = {},
): WebhookQueueConfig {
  return { ...DEFAULT_WEBHOOK_QUEUE_CONFIG, ...overrides };
}

/**
 * What a job keeps of a payload, by topic: the fields its handler (webhook-handlers.ts) reads.
 * Other topics' handlers read only the shop, so their jobs keep no payload.
 */
const PAYLOAD_KEPT: Readonly<Record<string, readonly string[]>> = {
  APP_SCOPES_UPDATE: ['current'],
  PRODUCTS_CREATE: ['admin_graphql_api_id'],
  PRODUCTS_UPDATE: ['admin_graphql_api_id'],
};

function keptPayload(topic: string, payload: unknown): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  if (typeof payload !== 'object' || payload === null) return kept;
  for (const field of PAYLOAD_KEPT[topicKey(topic)] ?? []) {
    if (field in payload) kept[field] = (payload as Record<string, unknown>)[field];
  }
  return kept;
}

/** BullMQ refuses ':' in custom ids; encodeURIComponent removes it (and keeps ids readable). */
const encodedId = (dedupeId: string) => encodeURIComponent(dedupeId).replace(/\*/g, '%2A');

/** The marker of a processed delivery (app-wide: see "processed" above). */
export function webhookDoneKey(config: Pick<WebhookQueueConfig, 'prefix'>, dedupeId: string) {
  return appWideKey('webhook-done', config.prefix, encodedId(dedupeId));
}

export function webhookJobId(webhook: Pick<ShopifyWebhook, 'dedupeId'>): string {
  return encodedId(webhook.dedupeId);
}

/** `enqueued`: a job holds the delivery (new, or one an earlier delivery of it added);
 * `done`: it was processed already. */
export type IntakeOutcome = 'enqueued' | 'done';

/** The web process's side: a delivery becomes a job (or is recognised as done). */
export interface WebhookIntake {
  /** Resolves once the job is stored in Redis; rejects when it could not be (answer 5xx). */
  accept(webhook: ShopifyWebhook): Promise<IntakeOutcome>;
  /** The queue, for the metrics' depth gauges. */
  readonly queue: Queue<ShopifyWebhook>;
  /** Removes the shop's deliveries (waiting, retrying, failed) and the events naming it. */
  eraseShop(shop: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * `redis` is the request-path connection (commands fail after a few reconnect attempts), so a
 * delivery arriving while Redis is down gets its 503 within Shopify's 5 seconds instead of
 * hanging on a connection that waits forever.
 */
export function createWebhookIntake(deps: {
  redis: Redis;
  config: WebhookQueueConfig;
  logger: Logger;
}): WebhookIntake {
  const { redis, config } = deps;
  const queue = openQueue<ShopifyWebhook>(WEBHOOK_QUEUE, {
    connection: redis,
    prefix: config.prefix,
  });
  queue.on('error', (error) =>
    deps.logger.warn({ err: error, queue: WEBHOOK_QUEUE }, 'queue connection error'),
  );
  return {
    queue,
    async accept(webhook) {
      if ((await redis.exists(webhookDoneKey(config, webhook.dedupeId))) === 1) return 'done';
      const job = { ...webhook, payload: keptPayload(webhook.topic, webhook.payload) };
      await queue.add(webhook.topic, job, {
        jobId: webhookJobId(webhook),
        attempts: config.attempts,
        backoff: { type: 'exponential', delay: config.backoffMs },
        removeOnComplete: true,
        removeOnFail: { age: config.failedRetentionSeconds, count: config.failedKept },
      });
      // When the id is taken BullMQ adds nothing: the earlier job stands.
      return 'enqueued';
    },
    async eraseShop(shop) {
      await eraseShopJobs(redis, queue, {
        ids: new Set(),
        names: [shop],
        ownsData: (data) => (data as Partial<ShopifyWebhook>).shop === shop,
      });
    },
    close: () => queue.close(),
  };
}

export interface RunningWebhookWorker {
  close(): Promise<void>;
}

/**
 * The worker process's side. Refuses to start when a topic in `declaredTopics` has no handler.
 * Jobs that exhausted their attempts are put back once at start (see "failed" above).
 */
export async function startWebhookWorker(deps: {
  connection: ConnectionOptions;
  redis: Redis;
  registry: WebhookRegistry;
  declaredTopics: readonly string[];
  config: WebhookQueueConfig;
  clock: Clock;
  logger: Logger;
}): Promise<RunningWebhookWorker> {
  const { registry, config, redis } = deps;
  const missing = registry.missing(deps.declaredTopics);
  if (missing.length > 0)
    throw new Error(
      `No handler for the webhook topics ${missing.join(', ')} declared in shopify.app.toml ` +
        '(register them in src/shopify/webhook-handlers.ts)',
    );
  const log = deps.logger.child({ component: 'shopify-webhooks' });

  const worker = new Worker<ShopifyWebhook>(
    WEBHOOK_QUEUE,
    async (job) => {
      const webhook = job.data;
      const done = webhookDoneKey(config, webhook.dedupeId);
      if ((await redis.exists(done)) === 1) return;
      const handler = registry.handlerFor(webhook.topic);
      if (!handler) throw new Error(`No handler for webhook topic ${webhook.topic}`);
      await handler(webhook);
      await redis.set(done, String(deps.clock.now()), 'EX', config.doneTtlSeconds);
    },
    {
      connection: deps.connection,
      prefix: config.prefix,
      concurrency: config.concurrency,
      lockDuration: config.lockMs,
      stalledInterval: config.stalledCheckMs,
      // Handlers are idempotent, so a job may be recovered from several crashes.
      maxStalledCount: 10,
    },
  );
  worker.on('error', (error) => log.error({ err: error }, 'webhook worker error'));
  worker.on('failed', (job, error) => {
    if (!job) return;
    const last = job.attemptsMade >= (job.opts.attempts ?? 1);
    const fields = { err: error, topic: job.data.topic, shop: job.data.shop, jobId: job.id };
    if (last) log.error(fields, 'webhook gave up after its last try; kept in the failed set');
    else log.warn({ ...fields, attempt: job.attemptsMade }, 'webhook handler failed; will retry');
  });

  const queue = openQueue(WEBHOOK_QUEUE, { connection: redis, prefix: config.prefix });
  await queue.retryJobs({ state: 'failed' });
  await queue.close();
  return { close: () => worker.close() };
}
