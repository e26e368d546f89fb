/**
 * Shopify Flow's actions (extensions/flow-generate-photo), received like the app's other
 * intakes: verified, recorded, answered. "Generate product photo" is verified on the raw body by
 * `@shopify/shopify-api`'s `flow.validate` (base64 HMAC-SHA256 of the body with the app's secret
 * in `X-Shopify-Hmac-Sha256`), parsed, and put in line as one generation per run
 * (flow-action.ts); it resolves once the run is queued.
 *
 * What Flow does with the status the web's one error handler gives each refusal
 * (shopify.dev/docs/apps/build/flow/actions/endpoints): 200 is done; 429 and 5xx are sent again,
 * at increasing intervals for up to 24 hours; any other 4xx fails the step with our message and
 * is never sent again. So what is wrong with the request itself is a 4xx: its signature
 * (`unauthorized`), a body that is not JSON (`invalid`), a payload or input the shop cannot
 * serve (`rejected`, the message saying which fields or what to fix); the shop at its cap of
 * generations not yet final is `limited` (sent again later); a failure the app cannot answer
 * for (Shopify or Redis unavailable) is `unavailable`, and a run is never made twice.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { CodedText } from '../../platform/error-codes.ts';
import { AppError } from '../../platform/errors.ts';
import { parseJson } from '../../platform/http/json-body.ts';
import type { Logger } from '../../platform/logger.ts';
import type { AdminClientFactory } from '../../shopify/admin-client.ts';
import type { Shopify } from '../../shopify/shopify-api.ts';
import type { ShopSettingsStore } from '../../stores/shop-settings.ts';
import type { Pipeline } from '../../pipeline/index.ts';
import {
  FlowActionRequest,
  runGeneratePhotoAction,
  type FlowActionDeps,
  type FlowActionReceipt,
} from './flow-action.ts';

export type { FlowActionReceipt } from './flow-action.ts';

/** A Flow action request as it arrived: the raw body Flow signed, and its headers. */
export interface FlowActionDelivery {
  rawBody: string;
  headers: IncomingHttpHeaders;
}

export interface FlowActionsService {
  /** Verifies, parses and puts in line one run of "Generate product photo". */
  generatePhoto(delivery: FlowActionDelivery): Promise<FlowActionReceipt>;
}

export interface FlowActionsServiceDeps {
  logger: Logger;
  shopify: Pick<Shopify, 'flow'>;
  settings: ShopSettingsStore;
  admin: AdminClientFactory;
  pipeline: Pick<Pipeline, 'generations' | 'admit' | 'config'>;
}

/** Flow shows our message when a step fails: a malformed payload says which fields. */
function parseRequest(rawBody: string): FlowActionRequest {
  const parsed = FlowActionRequest.safeParse(parseJson(rawBody));
  if (parsed.success) return parsed.data;
  const fields: Record<string, CodedText> = {};
  for (const issue of parsed.error.issues)
    fields[issue.path.join('.')] ??= { code: 'flow_refused', params: { reason: issue.message } };
  const names = parsed.error.issues.map((issue) => issue.path.join('.')).join(', ');
  throw new AppError('rejected', 'flow_invalid_fields', { params: { fields: names }, fields });
}

export function createFlowActionsService(deps: FlowActionsServiceDeps): FlowActionsService {
  const { pipeline } = deps;
  const logger = deps.logger.child({ component: 'flow-actions' });
  const actionDeps: FlowActionDeps = {
    settings: (shop) => deps.settings.get(shop),
    admin: async (shop) => deps.admin.forShop(shop),
    generations: pipeline.generations,
    admit: (generation) => pipeline.admit(generation),
    pendingCap: pipeline.config.quotas.pendingPerShop,
  };

  async function verify({ rawBody, headers }: FlowActionDelivery): Promise<void> {
    const check = await deps.shopify.flow.validate({
      rawBody,
      // The node adapter reads only the headers (and method/url, for its logs).
      rawRequest: { headers, method: 'POST', url: '' },
      rawResponse: {},
    });
    if (!check.valid) throw new AppError('unauthorized', 'flow_unverified');
  }

  return {
    async generatePhoto(delivery) {
      await verify(delivery);
      const request = parseRequest(delivery.rawBody);
      const log = logger.child({ shop: request.shopify_domain });
      let receipt: FlowActionReceipt;
      try {
        receipt = await runGeneratePhotoAction(actionDeps, request);
      } catch (error) {
        if (error instanceof AppError) {
          log.info({ code: error.code, message: error.message }, 'flow action refused');
          throw error;
        }
        log.error({ err: error }, 'flow action not handled; Flow will retry');
        throw new AppError('unavailable', 'flow_not_handled', { cause: error });
      }
      log.info({ generationId: receipt.generationId, duplicate: receipt.duplicate }, 'flow action');
      return receipt;
    },
  };
}
