/**
 * The shop's settings, as the merchant edits them (Settings page): generation defaults, review
 * mode, media position, alt-text template and prompt presets, checked against the model
 * catalogue before anything is saved; the ProductAI API key, checked with ProductAI's key-check
 * before it is saved and only ever shown masked; resuming work paused for credits or the key;
 * and the shop style (a phrase added to every prompt, a reference image: style-references.ts).
 * Every method answers the settings as they are afterwards (SettingsView: no plaintext key, the
 * shop's own ProductAI webhook URL).
 */
import type { SettingsView, ShopStyleView, UpdateSettingsRequest } from '../../app-api/contract.ts';
import { systemClock, type Clock } from '../../platform/clock.ts';
import { AppError, invalidFields, type FieldProblem } from '../../platform/errors.ts';
import type { Logger } from '../../platform/logger.ts';
import {
  IMAGE_RESOLUTIONS,
  imageAspectRatiosFor,
  isImageModelId,
} from '../../productai/catalogue.ts';
import { isProductAiError } from '../../productai/errors.ts';
import type { ShopifyConfig } from '../../shopify/config.ts';
import type { ShopSettings, ShopSettingsStore } from '../../stores/shop-settings.ts';
import {
  type Pipeline,
  productAiWebhookUrl,
  PAUSE_MESSAGES,
  pauseReasonText,
} from '../../pipeline/index.ts';
import { asMerchantAction } from '../merchant-conflicts.ts';
import { createStyleReferences } from './style-references.ts';

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
  /** The merchant's image (JPEG, PNG or WebP bytes) becomes the shop's style reference. */
  setStyleReference(shop: string, bytes: Buffer): Promise<SettingsView>;
  /** "Use as shop style": a photo result of the shop becomes its style reference. */
  useResultAsStyle(shop: string, generationId: string): Promise<SettingsView>;
  removeStyleReference(shop: string): Promise<SettingsView>;
}

export interface SettingsServiceDeps {
  config: { shopify: Pick<ShopifyConfig, 'appUrl'> };
  logger: Logger;
  settings: ShopSettingsStore;
  pipeline: Pipeline;
  clock?: Clock;
}

function settingsView(
  settings: ShopSettings,
  style: ShopStyleView,
  appUrl: string,
  shop: string,
): SettingsView {
  return {
    apiKey: settings.apiKey,
    defaults: settings.defaults,
    reviewMode: settings.reviewMode,
    mediaPosition: settings.mediaPosition,
    fidelityGuard: settings.fidelityGuard,
    fidelityRetries: settings.fidelityRetries,
    channels: settings.channels,
    altTemplate: settings.altTemplate,
    presets: settings.presets,
    webhook: {
      url: productAiWebhookUrl(appUrl, shop, settings.webhook.token),
      connectedAt: settings.webhook.connectedAt,
    },
    paused: settings.paused && {
      ...settings.paused,
      reasonText: pauseReasonText(settings.paused.reason),
    },
    style,
  };
}

export function createSettingsService(deps: SettingsServiceDeps): SettingsService {
  const { pipeline } = deps;
  const clock = deps.clock ?? systemClock;
  const view = async (shop: string) => {
    const [settings, style] = await Promise.all([
      deps.settings.get(shop),
      deps.settings.getStyle(shop),
    ]);
    return settingsView(settings, style, deps.config.shopify.appUrl, shop);
  };
  const styleReferences = createStyleReferences({ settings: deps.settings, pipeline, clock });

  async function checkKey(apiKey: string): Promise<void> {
    try {
      await pipeline.context.productAi(apiKey).keyCheck();
    } catch (error) {
      if (isProductAiError(error, 'invalid_key') || isProductAiError(error, 'missing_key')) {
        throw new AppError('invalid', 'invalid_api_key', {
          fields: { apiKey: { code: 'api_key_refused' } },
        });
      }
      deps.logger.warn({ err: error }, 'ProductAI key check failed');
      throw new AppError('unavailable', 'productai_unavailable', { retryAfterSeconds: 30 });
    }
  }

  return {
    get: view,

    async update(shop, patch) {
      const problems = settingsProblems(await deps.settings.get(shop), patch);
      if (problems.length > 0) throw invalidFields('invalid_settings', problems);
      const { style, ...rest } = patch;
      await deps.settings.update(shop, rest);
      if (style) await deps.settings.setStylePhrase(shop, style.phrase);
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

    async setStyleReference(shop, bytes) {
      await styleReferences.upload(shop, bytes);
      return view(shop);
    },

    async useResultAsStyle(shop, generationId) {
      await styleReferences.fromResult(shop, generationId);
      return view(shop);
    },

    async removeStyleReference(shop) {
      await deps.settings.removeStyleReference(shop);
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
    problems.push({
      field: 'defaults.model',
      code: 'unknown_image_model',
      params: { model: defaults.model },
    });
  } else if (
    !(imageAspectRatiosFor(defaults.model) as readonly string[]).includes(defaults.aspectRatio)
  ) {
    problems.push({
      field: 'defaults.aspectRatio',
      code: 'aspect_ratio_refused',
      params: { model: defaults.model, aspectRatio: defaults.aspectRatio },
    });
  }
  if (!(IMAGE_RESOLUTIONS as readonly string[]).includes(defaults.resolution)) {
    problems.push({
      field: 'defaults.resolution',
      code: 'resolution_refused',
      params: { resolutions: IMAGE_RESOLUTIONS.join(', ') },
    });
  }
  const ids = (patch.presets ?? []).map((preset) => preset.id);
  if (new Set(ids).size !== ids.length) {
    problems.push({ field: 'presets', code: 'preset_duplicate' });
  }
  return problems;
}
