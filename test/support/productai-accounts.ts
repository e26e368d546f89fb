/**
 * What the test stacks (test/support/pipeline-stack.ts, test/pipeline/support/crash-stack.ts,
 * test/browser/support/stack.ts) share about the ProductAI emulator: its /__emulator control
 * surface, and connecting a shop to an account of its own.
 */
import { productAiWebhookUrl } from '../../src/pipeline/index.ts';
import type { TestApp } from './app.ts';
import { emulatorControlAt, type EmulatorControl } from './emulator-control.ts';

/** A call to the ProductAI emulator's control surface (emulator-control.ts). */
export type ProductAiControl = EmulatorControl;

export function productAiControlAt(emulatorUrl: string): ProductAiControl {
  return emulatorControlAt(emulatorUrl);
}

/**
 * Creates the ProductAI account `apiKey` with `credits`, saves its key in the shop's settings and,
 * with `webhook`, registers the shop's webhook address on it (else results arrive by polling).
 */
export async function connectProductAiAccount(
  app: TestApp,
  control: ProductAiControl,
  shop: string,
  account: { apiKey: string; credits: number; webhook: boolean },
): Promise<{ apiKey: string; webhookUrl: string }> {
  const { apiKey } = account;
  await control('POST', '/accounts', { key: apiKey, credits: account.credits });
  await app.deps.settings.saveApiKey(shop, apiKey);
  const { token } = (await app.deps.settings.get(shop)).webhook;
  const webhookUrl = productAiWebhookUrl(app.url, shop, token);
  if (account.webhook) await control('PUT', `/accounts/${apiKey}/webhook`, { url: webhookUrl });
  return { apiKey, webhookUrl };
}
