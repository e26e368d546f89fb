/**
 * Delivers webhooks to the app as Shopify does: a JSON POST whose raw body is signed with the
 * app's client secret (base64 HMAC-SHA256 in `X-Shopify-Hmac-Sha256`) and Shopify's headers.
 * A redelivery keeps the same headers (`X-Shopify-Webhook-Id`, `X-Shopify-Event-Id` and
 * `X-Shopify-Triggered-At`) and body, as Shopify's retries do: `repeat`, or `redeliver` later
 * (e.g. a retry that arrives after the merchant reinstalled the app).
 * Shopify waits 5 s for an answer; so does the emulator. Every attempt is logged for tests.
 * A topic goes where the app subscribed it (`routes`, from its shopify.app.toml), unless `url`
 * is set: then every topic goes there (a test's or the dev stack's one endpoint).
 */
import { createHmac, randomUUID } from 'node:crypto';
import type { Clock } from '../../../src/platform/clock.ts';

export const WEBHOOK_TIMEOUT_MS = 5000;

export interface WebhookDelivery {
  webhookId: string;
  eventId: string;
  topic: string;
  shop: string;
  url: string;
  /** HTTP status of the app's answer; null when it did not answer. */
  status: number | null;
  error?: string;
  durationMs: number;
  triggeredAt: string;
}

interface SentWebhook {
  webhookId: string;
  eventId: string;
  topic: string;
  shop: string;
  triggeredAt: string;
  headers: Record<string, string>;
  body: string;
}

export interface WebhookSenderOptions {
  secret: string;
  apiVersion: string;
  clock: Clock;
  url?: string;
}

export function signWebhookBody(body: string, secret: string): string {
  return createHmac('sha256', secret).update(body, 'utf8').digest('base64');
}

export class WebhookSender {
  url: string | undefined;
  /** Topic -> the URL of the app's subscription to it (webhookRoutes). */
  routes: ReadonlyMap<string, string> = new Map();
  private readonly options: WebhookSenderOptions;
  private readonly log: WebhookDelivery[] = [];
  private readonly sent = new Map<string, SentWebhook>();

  constructor(options: WebhookSenderOptions) {
    this.options = options;
    this.url = options.url;
  }

  /** Where a webhook of this topic is delivered; undefined: nowhere (not sent). */
  urlFor(topic: string): string | undefined {
    return this.url ?? this.routes.get(topic);
  }

  deliveries(): readonly WebhookDelivery[] {
    return this.log;
  }

  /** Sends one webhook `repeat` times with the same id; resolves with every attempt. */
  async send(
    shop: string,
    topic: string,
    payload: unknown,
    repeat = 1,
  ): Promise<WebhookDelivery[]> {
    const body = JSON.stringify(payload);
    const webhookId = randomUUID();
    const eventId = randomUUID();
    const triggeredAt = new Date(this.options.clock.now()).toISOString();
    const headers = {
      'Content-Type': 'application/json',
      'User-Agent': 'Shopify-Captain-Hook',
      'X-Shopify-Topic': topic,
      'X-Shopify-Hmac-Sha256': signWebhookBody(body, this.options.secret),
      'X-Shopify-Shop-Domain': shop,
      'X-Shopify-Webhook-Id': webhookId,
      'X-Shopify-Event-Id': eventId,
      'X-Shopify-API-Version': this.options.apiVersion,
      'X-Shopify-Triggered-At': triggeredAt,
    };
    const sent: SentWebhook = { webhookId, eventId, topic, shop, triggeredAt, headers, body };
    this.sent.set(webhookId, sent);
    return this.attempt(sent, repeat);
  }

  /** Sends an earlier webhook again, exactly as it was; null for an unknown webhook id. */
  async redeliver(webhookId: string): Promise<WebhookDelivery[] | null> {
    const sent = this.sent.get(webhookId);
    return sent ? this.attempt(sent, 1) : null;
  }

  private async attempt(sent: SentWebhook, repeat: number): Promise<WebhookDelivery[]> {
    const url = this.urlFor(sent.topic);
    if (!url) {
      throw new Error(
        `No webhook URL for ${sent.topic}: pass webhookUrl, or appUrl with the app's subscriptions`,
      );
    }
    const attempts: WebhookDelivery[] = [];
    for (let i = 0; i < Math.max(1, repeat); i += 1) {
      const started = performance.now();
      const delivery: WebhookDelivery = {
        webhookId: sent.webhookId,
        eventId: sent.eventId,
        topic: sent.topic,
        shop: sent.shop,
        url,
        status: null,
        durationMs: 0,
        triggeredAt: sent.triggeredAt,
      };
      try {
        const response = await fetch(url, {
          method: 'POST',
          headers: sent.headers,
          body: sent.body,
          signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
        });
        await response.arrayBuffer();
        delivery.status = response.status;
      } catch (error) {
        delivery.error = error instanceof Error ? error.message : String(error);
      }
      delivery.durationMs = Math.round(performance.now() - started);
      this.log.push(delivery);
      attempts.push(delivery);
    }
    return attempts;
  }
}
