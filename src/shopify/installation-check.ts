/**
 * Asks Shopify whether the app is still installed on a shop, before a destructive webhook acts.
 *
 * `app/uninstalled` and `shop/redact` are signed over their body only; the body names the shop
 * (checked against the header, webhooks.ts) but says nothing about WHICH installation it is
 * about, and Shopify's `X-Shopify-Triggered-At` is an unsigned header. A captured delivery
 * replayed later (or Shopify's retry overtaken by a quick reinstall) would otherwise erase a
 * live installation. Shopify itself is the only witness: it refuses the offline token of an
 * uninstalled app, and answers with it while the app is installed. So the erase runs only when
 * the stored token is refused (or there is none); an answer from Shopify means "still
 * installed", and anything else (5xx, network, throttling after retries) throws so the webhook
 * job is retried rather than guessing.
 */
import type { AdminClientFactory } from './admin-client.ts';
import { AppInstallationQuery } from './operations/index.ts';
import { ReauthRequiredError } from './offline-tokens.ts';

export interface InstallationCheck {
  /** True while Shopify accepts the shop's offline token. */
  isInstalled(shop: string): Promise<boolean>;
}

export function createInstallationCheck(deps: { admin: AdminClientFactory }): InstallationCheck {
  return {
    async isInstalled(shop) {
      try {
        await deps.admin.forShop(shop).request(AppInstallationQuery);
        return true;
      } catch (error) {
        // No token stored, or Shopify refused it and its refresh: the installation is gone.
        if (error instanceof ReauthRequiredError) return false;
        throw error;
      }
    },
  };
}
