/**
 * The key a generation's ProductAI job is read with: the key it was submitted with.
 *
 * ProductAI shows a job only to the account that made it (spec: another account's job is a 400),
 * and a generation records that account when it is sent (`productAiAccount`, `accountOf` the
 * key). The job is read with whichever of the shop's keys opens that account: the saved key, or
 * a key the merchant has replaced since, which the settings keep sealed under its fingerprint
 * (stores/shop-settings.ts) for `keepReplacedKeysMs`: the longest a generation sent with it can
 * still be awaiting its result (its deadline counts from its submission, which came before the
 * replacement), plus a margin for a poll retried after a crash or a worker restart.
 *
 * The choice for a key that is no longer there: a generation whose key was removed
 * (the merchant's choice, or uninstall, withdraws the app's right to use it), or replaced longer
 * ago than that, or that ProductAI now refuses, fails at once with a reason saying so. It is
 * never sent again, so it is never charged twice; the merchant finds the job in the ProductAI
 * account, or tries again knowingly.
 */
import type { ShopSettingsStore } from '../../stores/shop-settings.ts';
import type { PipelineConfig } from '../config.ts';
import type { Generation } from '../generations/generation.ts';
import { accountOf } from '../../productai/account.ts';

/** After the longest await deadline: a poll retried after a crash or a restart still finds it. */
const KEEP_MARGIN_MS = 10 * 60_000;

/** How long the settings keep a replaced key (see the header). */
export function keepReplacedKeysMs(config: Pick<PipelineConfig, 'polling'>): number {
  return Math.max(...Object.values(config.polling.deadlineMs)) + KEEP_MARGIN_MS;
}

/**
 * The shop's key that opens `account`, or null when none does (any longer). A generation with
 * no recorded account (sent before it was recorded) is read with the saved key.
 */
export async function keyForAccount(
  settings: Pick<ShopSettingsStore, 'getApiKey' | 'getApiKeys'>,
  shop: string,
  account: string | null,
): Promise<string | null> {
  if (account === null) return settings.getApiKey(shop);
  const keys = await settings.getApiKeys(shop);
  return keys.find((key) => accountOf(key) === account) ?? null;
}

/** The key the generation's job is read with (see the header), or null when it is gone. */
export function submissionKey(
  settings: Pick<ShopSettingsStore, 'getApiKey' | 'getApiKeys'>,
  generation: Pick<Generation, 'shop' | 'productAiAccount'>,
): Promise<string | null> {
  return keyForAccount(settings, generation.shop, generation.productAiAccount);
}
