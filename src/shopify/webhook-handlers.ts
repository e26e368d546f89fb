/**
 * What the app does for each Shopify topic it subscribes to (shopify.app.toml).
 * The app holds no customer data (only products, media and the shop's own settings), so the
 * customer compliance topics are acknowledged and logged, with nothing to return or erase.
 */
import { z } from 'zod';
import type { Logger } from '../platform/logger.ts';
import type { SessionStore } from '../stores/sessions.ts';
import type { ShopEraser } from '../stores/shop-eraser.ts';
import type { WebhookRegistry } from './webhooks.ts';

const ScopesUpdatePayload = z.object({ current: z.array(z.string()) });

export function registerCoreWebhookHandlers(
  registry: WebhookRegistry,
  deps: { sessions: SessionStore; eraser: ShopEraser; logger: Logger },
): void {
  const log = deps.logger.child({ component: 'shopify-webhooks' });

  registry.on('app/uninstalled', async ({ shop }) => {
    await deps.eraser.uninstall(shop);
    log.info({ shop }, 'app uninstalled: sessions, API key and queued work removed');
  });

  registry.on('app/scopes_update', async ({ shop, payload }) => {
    const { current } = ScopesUpdatePayload.parse(payload);
    const updated = await deps.sessions.updateScope(shop, current.join(','));
    log.info({ shop, scopes: current, updated }, 'access scopes updated');
  });

  for (const topic of ['customers/data_request', 'customers/redact']) {
    registry.on(topic, async ({ shop, webhookId }) => {
      log.info(
        { shop, topic, webhookId },
        'compliance request acknowledged: no customer data held',
      );
    });
  }

  registry.on('shop/redact', async ({ shop }) => {
    const { keysDeleted } = await deps.eraser.erase(shop);
    log.info({ shop, keysDeleted }, 'shop data erased');
  });
}
