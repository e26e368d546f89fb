/**
 * The shop's settings, as the merchant edits them (Settings page): generation defaults, review
 * mode, media position, alt-text template and prompt presets, checked against the model
 * catalogue before anything is saved; the ProductAI API key, checked with ProductAI's key-check
 * before it is saved and only ever shown masked; and resuming work paused for credits or the key.
 * Every method answers the settings as they are afterwards (SettingsView: no plaintext key, the
 * shop's own ProductAI webhook URL).
 */
import type { SettingsView, UpdateSettingsRequest } from '../app-api/contract.ts';
import type { AppConfig } from '../platform/config.ts';
import { AppError, invalidFields, type FieldProblem } from '../platform/errors.ts';
import type { Logger } from '../platform/logger.ts';
import { IMAGE_RESOLUTIONS, imageAspectRatiosFor, isImageModelId } from '../productai/catalogue.ts';
import { isProductAiError } from '../productai/errors.ts';
import type { ShopSettings, ShopSettingsStore } from '../stores/shop-settings.ts';
import { productAiWebhookUrl, type Pipeline } from '../pipeline/index.ts';
import { PAUSE_MESSAGES } from '../pipeline/submit/shop-pause.ts';
import { asMerchantAction } from './merchant-conflicts.ts';

export interface SettingsService {
  get(shop: string): Promise<SettingsView>;
  /** Refuses, per field, defaults the catalogue does not allow (as they will be after the patch). */
  update(shop: string, patch: UpdateSettingsRequest): Promise<SettingsView>;
  /**
   * Saves a key ProductAI accepts (`invalid_api_key` otherwise; `unavailable` when ProductAI
   * cannot be asked); work paused because of the key goes on with it.
   */
  saveApiKey(shop: string, apiKey: string): Promise<SettingsView>;
  removeApiKey(shop: string): Promise<SettingsView>;
  /** Puts work paused for credits or the key back in line. */
  resume(shop: string): Promise<SettingsView>;
}

export interface SettingsServiceDeps {
  config: Pick<AppConfig, 'shopify'>;
  logger: Logger;
  settings: ShopSettingsStore;
  pipeline: Pipeline;
}

function settingsView(settings: ShopSettings, appUrl: string, shop: string): SettingsView {
  return {
    apiKey: settings.apiKey,
    defaults: settings.defaults,
    reviewMode: settings.reviewMode,
    mediaPosition: settings.mediaPosition,
    fidelityGuard: settings.fidelityGuard,
    altTemplate: settings.altTemplate,
    presets: settings.presets,
    webhook: {
      url: productAiWebhookUrl(appUrl, shop, settings.webhook.token),
      connectedAt: settings.webhook.connectedAt,
    },
    paused: settings.paused,
  };
}

export function createSettingsService(deps: SettingsServiceDeps): SettingsService {
  const { pipeline } = deps;
  const view = async (shop: string) =>
    settingsView(await deps.settings.get(shop), deps.config.shopify.appUrl, shop);

  async function checkKey(apiKey: string): Promise<void> {
    try {
      await pipeline.context.productAi(apiKey).keyCheck();
    } catch (error) {
      if (isProductAiError(error, 'invalid_key') || isProductAiError(error, 'missing_key')) {
        throw new AppError(
          'invalid',
          'invalid_api_key',
          'ProductAI did not accept this key. Copy it again from the API access page of the ProductAI studio.',
          { fields: { apiKey: 'ProductAI did not accept this key.' } },
        );
      }
      deps.logger.warn({ err: error }, 'ProductAI key check failed');
      throw new AppError(
        'unavailable',
        'productai_unavailable',
        'ProductAI could not be reached to check the key. Try again in a minute.',
        { retryAfterSeconds: 30 },
      );
    }
  }

  return {
    get: view,

    async update(shop, patch) {
      const problems = settingsProblems(await deps.settings.get(shop), patch);
      if (problems.length > 0) throw invalidFields('invalid_settings', problems);
      await deps.settings.update(shop, patch);
      return view(shop);
    },

    async saveApiKey(shop, apiKey) {
      await checkKey(apiKey);
      const saved = await deps.settings.saveApiKey(shop, apiKey);
      // Work paused because of the key can go on with the new one; a pause for credits stays
      // until the merchant resumes it (saving a key adds no credits).
      if (saved.paused && isKeyPause(saved.paused.reason)) await pipeline.resumeShop(shop);
      return view(shop);
    },

    async removeApiKey(shop) {
      await deps.settings.removeApiKey(shop);
      return view(shop);
    },

    resume: (shop) =>
      asMerchantAction('resume', async () => {
        await pipeline.resumeShop(shop);
        return view(shop);
      }),
  };
}

function isKeyPause(reason: string): boolean {
  return (
    reason === PAUSE_MESSAGES.invalid_key.reason || reason === PAUSE_MESSAGES.missing_key.reason
  );
}

/** The catalogue's rules for the defaults, on the settings as they will be after the patch. */
function settingsProblems(current: ShopSettings, patch: UpdateSettingsRequest): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const defaults = { ...current.defaults, ...patch.defaults };
  if (!isImageModelId(defaults.model)) {
    problems.push({ field: 'defaults.model', message: `Unknown image model “${defaults.model}”.` });
  } else if (
    !(imageAspectRatiosFor(defaults.model) as readonly string[]).includes(defaults.aspectRatio)
  ) {
    problems.push({
      field: 'defaults.aspectRatio',
      message: `${defaults.model} does not take the aspect ratio ${defaults.aspectRatio}.`,
    });
  }
  if (!(IMAGE_RESOLUTIONS as readonly string[]).includes(defaults.resolution)) {
    problems.push({
      field: 'defaults.resolution',
      message: `The resolution must be one of ${IMAGE_RESOLUTIONS.join(', ')}.`,
    });
  }
  const ids = (patch.presets ?? []).map((preset) => preset.id);
  if (new Set(ids).size !== ids.length) {
    problems.push({ field: 'presets', message: 'Two presets have the same id.' });
  }
  return problems;
}
