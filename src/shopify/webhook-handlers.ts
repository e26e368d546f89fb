/**
 * THE place where each Shopify topic the app subscribes to (shopify.app.toml) gets its handler.
 * Handlers run in the worker from the durable queue (webhook-queue.ts): they may run more than
 * once for one delivery, so each one converges (deleting what is gone is a no-op).
 *
 * The app holds no customer data (only products, media and the shop's own settings), so the
 * customer compliance topics are acknowledged and logged, with nothing to return or erase.
 *
 * `app/uninstalled` and `shop/redact` act only once Shopify confirms the installation is gone
 * (installation-check.ts): a replayed delivery, or Shopify's retry of an uninstall overtaken by a
 * quick reinstall, finds the live installation and changes nothing.
 */
import { z } from 'zod';
import type { Logger } from '../platform/logger.ts';
import type { SessionStore } from '../stores/sessions.ts';
import type { ShopEraser } from '../stores/shop-eraser.ts';
import type { InstallationCheck } from './installation-check.ts';
import type { ShopifyWebhook, WebhookRegistry } from './webhooks.ts';

const ScopesUpdatePayload = z.object({ current: z.array(z.string()) });
const ProductPayload = z.object({ admin_graphql_api_id: z.string().min(1) });

export interface WebhookHandlerDeps {
  sessions: SessionStore;
  eraser: ShopEraser;
  installation: InstallationCheck;
  logger: Logger;
  /**
   * Runs the shop's rules for new products (src/features/rules): `created` for products/create,
   * `first-image` for products/update (subscribed only for products with media; the rules know
   * which products were waiting for their first image).
   */
  newProduct(shop: string, productId: string, trigger: 'created' | 'first-image'): Promise<unknown>;
}

export function registerWebhookHandlers(registry: WebhookRegistry, deps: WebhookHandlerDeps): void {
  const log = deps.logger.child({ component: 'shopify-webhooks' });

  /** True when Shopify still accepts the shop's token: the delivery is not about this installation. */
  async function stillInstalled({ shop, topic, webhookId }: ShopifyWebhook): Promise<boolean> {
    if (!(await deps.installation.isInstalled(shop))) return false;
    log.warn(
      { shop, topic, webhookId },
      'the app is still installed on this shop: the delivery (a replay, or a retry overtaken by a reinstall) is ignored',
    );
    return true;
  }

  registry.on('app/uninstalled', async (webhook) => {
    if (await stillInstalled(webhook)) return;
    await deps.eraser.uninstall(webhook.shop);
    log.info({ shop: webhook.shop }, 'app uninstalled: sessions, API key and queued work removed');
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

  registry.on('products/create', async ({ shop, payload }) => {
    await deps.newProduct(shop, ProductPayload.parse(payload).admin_graphql_api_id, 'created');
  });

  registry.on('products/update', async ({ shop, payload }) => {
    await deps.newProduct(shop, ProductPayload.parse(payload).admin_graphql_api_id, 'first-image');
  });

  registry.on('shop/redact', async (webhook) => {
    if (await stillInstalled(webhook)) return;
    const { keysDeleted } = await deps.eraser.erase(webhook.shop);
    log.info({ shop: webhook.shop, keysDeleted }, 'shop data erased');
  });
}
