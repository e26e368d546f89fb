/**
 * ProductAI's webhook intake, framework-free (the Express route only reads the request and
 * answers: web/server/routes/productai-webhooks.ts). Like the app's other intakes it verifies
 * the sender, records what the delivery says, and resolves with the answer; a refusal is an
 * AppError (src/platform/errors.ts), which the web's one error handler turns into its status.
 *
 * It lives in the engine's receive room, not in a feature: what it records is the engine's own
 * (the job's owner in job-results.ts, the `result` queue, reconciliation, the submission's
 * account), which no feature holds and pipeline/index.ts does not hand out.
 *
 * Each shop has its own URL, `/webhooks/productai/<shop>/<token>` with a random token from the
 * shop's settings: the merchant pastes it into the ProductAI studio. ProductAI does not sign
 * its deliveries, so the checks are, in order:
 *   1. the source address is one of the service's published addresses (config; the client
 *      address comes from the socket unless a proxy is configured as trusted, see web/server):
 *      `forbidden` otherwise;
 *   2. the token is the shop's (timing-safe compare); an unknown URL is `not_found`;
 *   3. the body parses as a result or as the validation POST (`invalid`, saying why, otherwise).
 * The validation POST marks the shop's webhook as connected.
 *
 * A result delivery is a notice, never the truth: ProductAI does not sign it, and anyone at an
 * allow-listed address (or behind a misconfigured proxy) who saw a shop's URL could send one.
 * Only its job id is used; its `image_url` and status are not kept. Routing is by job id, not by
 * URL: one ProductAI account may serve several shops. A job with an owner gets its `result` job,
 * which asks ProductAI's job endpoint with the submission's key (job-check.ts), when the
 * delivery reached the owner's URL or the URL of a shop holding a key of the same account (as
 * recorded at submission, job-results.ts). A delivery on any other shop's URL changes nothing
 * and is counted (`onForeignDelivery`: the metric productai_webhook_foreign_deliveries_total);
 * the answer is the same, so a forger learns nothing of what matched. A job with no owner is
 * listed as unclaimed for the shop and handed to reconciliation, which also asks ProductAI.
 * Duplicates and replays change nothing the check would not: the generation's transition
 * happens once.
 *
 * The answer comes after a few Redis round trips and one enqueue, never after Shopify or
 * ProductAI calls (measured p99 in bench/pipeline-webhook.ts).
 */
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
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
import type { JobOwner, JobResults } from './job-results.ts';
import { keyForAccount } from './submission-key.ts';

export interface WebhookDelivery {
  shop: string;
  token: string;
  /** The client address as the HTTP layer determined it. */
  sourceIp: string | undefined;
  /** The parsed JSON body (or its text). */
  body: unknown;
}

/** What a delivery recorded: the validation POST connects the shop's webhook. */
export type WebhookReceipt = { ok: true } | { ok: true; connected: true };

export type WebhookReceiver = (delivery: WebhookDelivery) => Promise<WebhookReceipt>;

/** The URL to paste into the ProductAI studio (shown in the shop's settings). */
export function productAiWebhookUrl(appUrl: string, shop: string, token: string): string {
  return `${appUrl.replace(/\/+$/, '')}/webhooks/productai/${encodeURIComponent(shop)}/${encodeURIComponent(token)}`;
}

export function createWebhookReceiver(deps: {
  settings: Pick<
    ShopSettingsStore,
    'verifyWebhookToken' | 'markWebhookConnected' | 'getApiKey' | 'getApiKeys'
  >;
  jobResults: JobResults;
  queues: PipelineQueues;
  clock: Clock;
  logger: Logger;
  allowedIps: readonly string[];
  /** A delivery for a job of another shop and account arrived, and was ignored. */
  onForeignDelivery?: () => void;
}): WebhookReceiver {
  const { settings, jobResults, queues, clock, logger, allowedIps } = deps;

  /** Whether a delivery on `shop`'s URL may speak for the owner's job. */
  async function speaksFor(shop: string, owner: JobOwner): Promise<boolean> {
    if (owner.shop === shop) return true;
    return owner.account !== null && (await keyForAccount(settings, shop, owner.account)) !== null;
  }

  return async ({ shop, token, sourceIp, body }) => {
    if (!isAllowedWebhookSource(sourceIp, allowedIps)) {
      logger.warn({ sourceIp, shop }, 'ProductAI webhook refused: source address not allowed');
      throw new AppError('forbidden', 'webhook_source_refused');
    }
    if (!isShopDomain(shop) || !(await settings.verifyWebhookToken(shop, token))) {
      throw new AppError('not_found', 'webhook_url_unknown');
    }
    let payload;
    try {
      payload = parseWebhookPayload(body);
    } catch (error) {
      if (!(error instanceof WebhookPayloadError)) throw error;
      throw new AppError('invalid', 'webhook_payload_invalid', {
        params: { reason: error.message },
        cause: error,
      });
    }
    if (payload.type === 'validation') {
      await settings.markWebhookConnected(shop, new Date(clock.now()));
      return { ok: true, connected: true };
    }

    const owner = await jobResults.noteDelivery(payload.jobId, shop);
    if (!owner) {
      await reconcileUnknownJob(queues, shop, payload.jobId);
    } else if (await speaksFor(shop, owner)) {
      // For a duplicate too: if the first delivery's enqueue was lost (a crash), this one
      // completes it; otherwise the job id makes it a no-op.
      const ref = { shop: owner.shop, generationId: owner.generationId };
      await queues.add('result', ref, ref.generationId);
    } else {
      logger.warn(
        { shop, jobId: payload.jobId },
        'ProductAI delivery for a job of another shop and account: ignored',
      );
      deps.onForeignDelivery?.();
    }
    return { ok: true };
  };
}
