/**
 * Settings routes: the shop's generation defaults, review mode, media position, alt-text
 * template and prompt presets; the ProductAI API key (checked with ProductAI's key-check before
 * it is saved, only ever shown masked); and resuming work paused for credits or the key.
 *
 *   GET    /api/settings            -> SettingsView
 *   PATCH  /api/settings            UpdateSettingsRequest -> SettingsView
 *   PUT    /api/settings/api-key    SaveApiKeyRequest -> SettingsView (400 invalid_api_key)
 *   DELETE /api/settings/api-key    -> SettingsView
 *   POST   /api/shop/resume         -> SettingsView
 */
import {
  SaveApiKeyRequest,
  UpdateSettingsRequest,
  type UpdateSettingsRequest as UpdateSettings,
} from '../../../src/app-api/contract.ts';
import {
  IMAGE_RESOLUTIONS,
  imageAspectRatiosFor,
  isImageModelId,
} from '../../../src/productai/catalogue.ts';
import { isProductAiError } from '../../../src/productai/errors.ts';
import { PAUSE_MESSAGES } from '../../../src/pipeline/submit/shop-pause.ts';
import type { ShopSettings } from '../../../src/stores/shop-settings.ts';
import type { App } from '../../../src/app/index.ts';
import { AppError, invalidFields } from '../../../src/platform/errors.ts';
import type { AppModule } from '../module.ts';
import { shopOf } from '../plugins/session-auth.ts';
import { parse, route, settingsView } from './api-support.ts';

export const settingsApiModule: AppModule = {
  name: 'api-settings',
  register({ api }, deps) {
    const { pipeline } = deps;
    const view = async (shop: string) =>
      settingsView(await deps.settings.get(shop), deps.config.shopify.appUrl, shop);

    api.get(
      '/settings',
      route(async (req, res) => {
        res.json(await view(shopOf(req)));
      }),
    );

    api.patch(
      '/settings',
      route(async (req, res) => {
        const shop = shopOf(req);
        const patch = parse(UpdateSettingsRequest, req.body);
        const problems = settingsProblems(await deps.settings.get(shop), patch);
        if (problems.length > 0) throw invalidFields('invalid_settings', problems);
        await deps.settings.update(shop, patch);
        res.json(await view(shop));
      }),
    );

    api.put(
      '/settings/api-key',
      route(async (req, res) => {
        const shop = shopOf(req);
        const { apiKey } = parse(SaveApiKeyRequest, req.body);
        await checkKey(deps, () => pipeline.context.productAi(apiKey).keyCheck());
        const saved = await deps.settings.saveApiKey(shop, apiKey);
        // Work paused because of the key can go on with the new one; a pause for credits stays
        // until the merchant resumes it (saving a key adds no credits).
        if (saved.paused && isKeyPause(saved.paused.reason)) await pipeline.resumeShop(shop);
        res.json(await view(shop));
      }),
    );

    api.delete(
      '/settings/api-key',
      route(async (req, res) => {
        const shop = shopOf(req);
        await deps.settings.removeApiKey(shop);
        res.json(await view(shop));
      }),
    );

    api.post(
      '/shop/resume',
      route(async (req, res) => {
        const shop = shopOf(req);
        await pipeline.resumeShop(shop);
        res.json(await view(shop));
      }, 'resume'),
    );
  },
};

async function checkKey(deps: App, keyCheck: () => Promise<void>): Promise<void> {
  try {
    await keyCheck();
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

function isKeyPause(reason: string): boolean {
  return (
    reason === PAUSE_MESSAGES.invalid_key.reason || reason === PAUSE_MESSAGES.missing_key.reason
  );
}

/** The catalogue's rules for the defaults, on the settings as they will be after the patch. */
function settingsProblems(
  current: ShopSettings,
  patch: UpdateSettings,
): { field: string; message: string }[] {
  const problems: { field: string; message: string }[] = [];
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
