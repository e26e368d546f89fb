/**
 * The ProductAI webhook receiver, framework-free (the Express route is a thin adapter in
 * web/server/routes/productai-webhooks.ts).
 *
 * Each shop has its own URL, `/webhooks/productai/<shop>/<token>` with a random token from the
 * shop's settings: the merchant pastes it into the ProductAI studio. ProductAI does not sign
 * its deliveries, so the checks are, in order:
 *   1. the source address is one of the service's published addresses (config; the client
 *      address comes from the socket unless a proxy is configured as trusted, see web/server);
 *   2. the token is the shop's (timing-safe compare); an unknown URL is 404;
 *   3. the body parses as a result or as the validation POST.
 * The validation POST marks the shop's webhook as connected. A result is kept (first delivery
 * wins) and handed to the queue: its `result` job if the job id belongs to a generation, else
 * reconciliation. Routing is by job id, not by URL: one ProductAI account (one URL) may serve
 * several shops. Duplicates and replays change nothing: the kept result is not overwritten and
 * the generation's transition happens once.
 *
 * The answer comes after a few Redis round trips and one enqueue, never after Shopify or
 * ProductAI calls (measured p99 in bench/pipeline-webhook.ts).
 */
import type { Clock } from '../../platform/clock.ts';
import { isShopDomain } from '../../platform/keys.ts';
import type { Logger } from '../../platform/logger.ts';
import type { ShopSettingsStore } from '../../stores/shop-settings.ts';
import {
  WebhookPayloadError,
  isAllowedWebhookSource,
  parseWebhookPayload,
} from '../../productai/webhook.ts';
import type { PipelineQueues } from '../stages/queues.ts';
import { reconcileUnknownJob } from './reconcile.ts';
import type { JobResults } from './job-results.ts';

export interface WebhookDelivery {
  shop: string;
  token: string;
  /** The client address as the HTTP layer determined it. */
  sourceIp: string | undefined;
  /** The parsed JSON body (or its text). */
  body: unknown;
}

export interface WebhookAnswer {
  status: 200 | 400 | 403 | 404;
  body: Record<string, unknown>;
}

export type WebhookReceiver = (delivery: WebhookDelivery) => Promise<WebhookAnswer>;

/** The URL to paste into the ProductAI studio (shown in the shop's settings). */
export function productAiWebhookUrl(appUrl: string, shop: string, token: string): string {
  return `${appUrl.replace(/\/+$/, '')}/webhooks/productai/${encodeURIComponent(shop)}/${encodeURIComponent(token)}`;
}

export function createWebhookReceiver(deps: {
  settings: Pick<ShopSettingsStore, 'verifyWebhookToken' | 'markWebhookConnected'>;
  jobResults: JobResults;
  queues: PipelineQueues;
  clock: Clock;
  logger: Logger;
  allowedIps: readonly string[];
}): WebhookReceiver {
  const { settings, jobResults, queues, clock, logger, allowedIps } = deps;

  return async ({ shop, token, sourceIp, body }) => {
    if (!isAllowedWebhookSource(sourceIp, allowedIps)) {
      logger.warn({ sourceIp, shop }, 'ProductAI webhook refused: source address not allowed');
      return { status: 403, body: { error: 'forbidden' } };
    }
    if (!isShopDomain(shop) || !(await settings.verifyWebhookToken(shop, token))) {
      return { status: 404, body: { error: 'not_found' } };
    }
    let payload;
    try {
      payload = parseWebhookPayload(body);
    } catch (error) {
      if (!(error instanceof WebhookPayloadError)) throw error;
      return { status: 400, body: { error: 'invalid_payload', message: error.message } };
    }
    if (payload.type === 'validation') {
      await settings.markWebhookConnected(shop, new Date(clock.now()));
      return { status: 200, body: { ok: true, connected: true } };
    }

    const owner = await jobResults.deliver(payload.jobId, {
      status: payload.status,
      imageUrl: payload.imageUrl ?? null,
      receivedAt: new Date(clock.now()).toISOString(),
      arrivedAt: shop,
    });
    // The enqueue runs for a duplicate too: if the first delivery's was lost (a crash), this one
    // completes it; otherwise the job id makes it a no-op.
    if (owner) await queues.add('result', owner, owner.generationId);
    else await reconcileUnknownJob(queues, shop, payload.jobId);
    return { status: 200, body: { ok: true } };
  };
}
