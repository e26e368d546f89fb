/**
 * The app's Prometheus metrics (prom-client), one registry per process (tests pass their own).
 * Two kinds:
 *  - events the process sees (HTTP latency, ProductAI 429s and 5xx, ProductAI deliveries for
 *    another shop's job, Admin API throttling, Shopify webhook lag), recorded through the
 *    methods below;
 *  - state shared by every process (queue depths, generations by state, the rate limiter),
 *    read from Redis when Prometheus scrapes (`gauge`), so any process reports the same truth.
 * Exposed by web/metrics-server.ts behind a bearer token; see `METRICS_TOKEN`.
 */
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

export interface GaugeReading {
  labels?: Record<string, string>;
  value: number;
}

export interface Metrics {
  readonly registry: Registry;
  /** `route` is the route's template (`/api/generations/:id`), never the raw path. */
  httpRequest(input: { method: string; route: string; status: number; seconds: number }): void;
  productAiStatus(status: number): void;
  /** A ProductAI webhook delivery named a job of another shop and account: ignored. */
  productAiForeignDelivery(): void;
  adminThrottled(): void;
  /** A result's alt text not registered in the shop's other languages (best effort: logged). */
  altTranslationFailed(): void;
  webhookLag(topic: string, seconds: number): void;
  /**
   * Storefront events of experiments, by outcome: counted, or not counted and why (a repeat of
   * what the visitor already counted, a duplicate event id, past the visitor's cap) or refused
   * with their batch (unknown or ended experiment, bad body, rate limited...).
   */
  experimentEvents(outcome: string, count: number): void;
  /** Storefront event batches refused before their events were read (too large, invalid, rate limited). */
  experimentBatchRefused(reason: string): void;
  /** A gauge read at scrape time; a failing read is left out of that scrape. */
  gauge(
    name: string,
    help: string,
    labelNames: readonly string[],
    read: () => Promise<GaugeReading[]>,
  ): void;
}

export function createMetrics(options: { registry?: Registry; processMetrics?: boolean } = {}) {
  const registry = options.registry ?? new Registry();
  if (options.processMetrics ?? true) collectDefaultMetrics({ register: registry });
  const registers = [registry];

  const http = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request latency by route template',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  const productAi = new Counter({
    name: 'productai_error_responses_total',
    help: 'ProductAI answers that were rate limits (429) or server errors (5xx)',
    labelNames: ['status'],
    registers,
  });
  const foreignDeliveries = new Counter({
    name: 'productai_webhook_foreign_deliveries_total',
    help: "ProductAI webhook deliveries on a shop's URL for a job of another shop and ProductAI account, ignored",
    registers,
  });
  const altTranslations = new Counter({
    name: 'alt_text_translation_failures_total',
    help: "Results whose alt text could not be registered in the shop's other languages",
    registers,
  });
  const throttled = new Counter({
    name: 'shopify_admin_throttled_total',
    help: 'Admin API requests throttled (THROTTLED or HTTP 429) and retried',
    registers,
  });
  const lag = new Histogram({
    name: 'shopify_webhook_lag_seconds',
    help: 'Time from the event (X-Shopify-Triggered-At) to the delivery reaching the app',
    labelNames: ['topic'],
    buckets: [0.5, 1, 2, 5, 10, 30, 60, 300, 900, 3600, 14400],
    registers,
  });

  const experimentEvents = new Counter({
    name: 'experiment_events_total',
    help: 'Storefront experiment events received, by outcome (counted, or why not)',
    labelNames: ['outcome'],
    registers,
  });
  const refusedBatches = new Counter({
    name: 'experiment_event_batches_refused_total',
    help: 'Storefront experiment event batches refused before their events were read, by reason',
    labelNames: ['reason'],
    registers,
  });

  const metrics: Metrics = {
    registry,
    httpRequest: ({ method, route, status, seconds }) =>
      http.observe({ method, route, status: String(status) }, seconds),
    productAiStatus(status) {
      if (status === 429) productAi.inc({ status: '429' });
      else if (status >= 500) productAi.inc({ status: '5xx' });
    },
    productAiForeignDelivery: () => foreignDeliveries.inc(),
    adminThrottled: () => throttled.inc(),
    altTranslationFailed: () => altTranslations.inc(),
    webhookLag: (topic, seconds) => lag.observe({ topic }, Math.max(0, seconds)),
    experimentEvents: (outcome, count) => experimentEvents.inc({ outcome }, count),
    experimentBatchRefused: (reason) => refusedBatches.inc({ reason }),
    gauge(name, help, labelNames, read) {
      new Gauge({
        name,
        help,
        labelNames: [...labelNames],
        registers,
        async collect() {
          this.reset();
          const readings = await read().catch(() => []);
          for (const { labels, value } of readings) this.set(labels ?? {}, value);
        },
      });
    },
  };
  return metrics;
}
