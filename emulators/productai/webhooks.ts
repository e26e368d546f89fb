/**
 * Webhook deliveries: job results (`success` with image_url, `error` without) and the
 * validation POST sent when a webhook URL is saved. Only HTTP 200 acknowledges (the spec's
 * rule); any other answer or a network failure is retried after each of `retryDelaysMs`
 * (validation POSTs are sent once: their answer is shown to the person saving the URL).
 * Requests leave from `sourceAddress` when set, so an app's source-IP allowlist can be tested
 * on loopback. Every attempt is logged for tests (GET /__emulator/webhooks).
 */
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { Clock } from '../../src/platform/clock.ts';
import type { Faults } from './faults.ts';

export type ResultPayload =
  { status: 'success'; image_url: string; job_id: string } | { status: 'error'; job_id: string };

export const VALIDATION_PAYLOAD = {
  test: true,
  message: 'This is a webhook validation test from ProductAI.',
} as const;

export const VALIDATOR_USER_AGENT = 'ProductAI-Webhook-Validator/1.0';
export const DELIVERY_USER_AGENT = 'ProductAI-Webhook/1.0';

export interface DeliveryAttempt {
  kind: 'result' | 'validation';
  url: string;
  body: unknown;
  attempt: number;
  /** HTTP status of the answer, or null when none came. */
  status: number | null;
  error: string | null;
  at: string;
}

export interface WebhookSenderOptions {
  clock: Clock;
  faults: Faults;
  sourceAddress?: string;
  retryDelaysMs: number[];
  timeoutMs: number;
}

const LOG_LIMIT = 1000;

export class WebhookSender {
  private readonly options: WebhookSenderOptions;
  private readonly log: DeliveryAttempt[] = [];
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly abort = new AbortController();
  /** Result deliveries not finished, by URL: waiting to be sent, being sent, or to be retried. */
  private readonly unfinished = new Map<string, number>();

  constructor(options: WebhookSenderOptions) {
    this.options = options;
  }

  /** Sends a job result in the background, honouring the drop/duplicate/delay faults. */
  sendResult(url: string, payload: ResultPayload): void {
    const { faults } = this.options;
    if (faults.take('dropNextWebhook')) return;
    const copies = faults.take('duplicateNextWebhook') ? 2 : 1;
    for (let copy = 0; copy < copies; copy++) {
      this.unfinished.set(url, (this.unfinished.get(url) ?? 0) + 1);
      this.later(faults.webhookDelayMs, () => this.attempt(url, payload, 1));
    }
  }

  /** Sends the validation POST once and reports how the endpoint answered. */
  async validate(
    url: string,
  ): Promise<{ delivered: boolean; status: number | null; error: string | null }> {
    const outcome = await this.post(url, VALIDATION_PAYLOAD, VALIDATOR_USER_AGENT);
    this.record('validation', url, VALIDATION_PAYLOAD, 1, outcome);
    return { delivered: outcome.status === 200, ...outcome };
  }

  attempts(): DeliveryAttempt[] {
    return [...this.log];
  }

  /**
   * The result deliveries still to come (a first attempt or a retry), by URL: a URL is gone once
   * each of its deliveries was acknowledged or given up, so a test can wait for "no more
   * attempts" instead of a time.
   */
  pending(): Record<string, number> {
    return Object.fromEntries(this.unfinished);
  }

  close(): void {
    this.abort.abort();
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  private async attempt(url: string, payload: ResultPayload, attempt: number): Promise<void> {
    const outcome = await this.post(url, payload, DELIVERY_USER_AGENT);
    if (this.abort.signal.aborted) return;
    this.record('result', url, payload, attempt, outcome);
    const retryIn = this.options.retryDelaysMs[attempt - 1];
    if (outcome.status !== 200 && retryIn !== undefined) {
      this.later(retryIn, () => this.attempt(url, payload, attempt + 1));
    } else {
      const left = (this.unfinished.get(url) ?? 1) - 1;
      if (left > 0) this.unfinished.set(url, left);
      else this.unfinished.delete(url);
    }
  }

  private record(
    kind: DeliveryAttempt['kind'],
    url: string,
    body: unknown,
    attempt: number,
    outcome: { status: number | null; error: string | null },
  ): void {
    const at = new Date(this.options.clock.now()).toISOString();
    this.log.push({ kind, url, body, attempt, ...outcome, at });
    if (this.log.length > LOG_LIMIT) this.log.shift();
  }

  private post(
    url: string,
    body: unknown,
    userAgent: string,
  ): Promise<{ status: number | null; error: string | null }> {
    const text = JSON.stringify(body);
    const target = new URL(url);
    const request = target.protocol === 'https:' ? httpsRequest : httpRequest;
    return new Promise((resolve) => {
      const signal = AbortSignal.any([
        this.abort.signal,
        AbortSignal.timeout(this.options.timeoutMs),
      ]);
      const req = request(target, {
        method: 'POST',
        signal,
        ...(this.options.sourceAddress ? { localAddress: this.options.sourceAddress } : {}),
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(text),
          'user-agent': userAgent,
        },
      });
      req.once('response', (response) => {
        response.resume();
        resolve({ status: response.statusCode ?? null, error: null });
      });
      req.once('error', (error) => resolve({ status: null, error: error.message }));
      req.end(text);
    });
  }

  private later(ms: number, run: () => void | Promise<void>): void {
    if (this.abort.signal.aborted) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      void run();
    }, ms);
    this.timers.add(timer);
  }
}
