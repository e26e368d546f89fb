/**
 * Shopify Flow's actions (extensions/flow-generate-photo), once the web has verified Flow's
 * signature: "Generate product photo" puts one generation in line per run
 * (flow-action.ts) and answers what Flow shows: 200 once it is queued, 422
 * with the merchant's message for bad input (not retried by Flow), 429 while the shop is at its
 * cap of generations not yet final (sent again by Flow later). A failure the app cannot
 * answer for (Shopify or Redis unavailable) is `unavailable`: Flow retries the run later, and a
 * run is never made twice.
 */
import { AppError } from '../../platform/errors.ts';
import type { Logger } from '../../platform/logger.ts';
import type { AdminClientFactory } from '../../shopify/admin-client.ts';
import type { ShopSettingsStore } from '../../stores/shop-settings.ts';
import type { Pipeline } from '../../pipeline/index.ts';
import {
  runGeneratePhotoAction,
  type FlowActionAnswer,
  type FlowActionDeps,
  type FlowActionRequest,
} from './flow-action.ts';

/** Flow's action payload (the route parses the verified body with it). */
export { FlowActionRequest, type FlowActionAnswer } from './flow-action.ts';

export interface FlowActionsService {
  generatePhoto(request: FlowActionRequest): Promise<FlowActionAnswer>;
}

export interface FlowActionsServiceDeps {
  logger: Logger;
  settings: ShopSettingsStore;
  admin: AdminClientFactory;
  pipeline: Pick<Pipeline, 'generations' | 'admit' | 'config'>;
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

  return {
    async generatePhoto(request) {
      const log = logger.child({ shop: request.shopify_domain });
      let answer: FlowActionAnswer;
      try {
        answer = await runGeneratePhotoAction(actionDeps, request);
      } catch (error) {
        log.error({ err: error }, 'flow action not handled; Flow will retry');
        throw new AppError('unavailable', 'flow_not_handled', { cause: error });
      }
      if (answer.status === 200) {
        log.info({ generationId: answer.generationId, duplicate: answer.duplicate }, 'flow action');
      } else {
        log.info({ status: answer.status, message: answer.message }, 'flow action refused');
      }
      return answer;
    },
  };
}
