/**
 * Settings routes (the use cases: src/services/settings.ts): the shop's generation defaults,
 * review mode, media position, alt-text template and prompt presets; the ProductAI API key
 * (checked with ProductAI's key-check before it is saved, only ever shown masked); and resuming
 * work paused for credits or the key.
 *
 *   GET    /api/settings            -> SettingsView
 *   PATCH  /api/settings            UpdateSettingsRequest -> SettingsView
 *   PUT    /api/settings/api-key    SaveApiKeyRequest -> SettingsView (400 invalid_api_key)
 *   DELETE /api/settings/api-key    -> SettingsView
 *   POST   /api/shop/resume         -> SettingsView
 */
import { SaveApiKeyRequest, UpdateSettingsRequest } from '../../../src/app-api/contract.ts';
import type { AppModule } from '../module.ts';
import { shopOf } from '../plugins/session-auth.ts';
import { parse } from './api-support.ts';

export const settingsApiModule: AppModule = {
  name: 'api-settings',
  register({ api }, app) {
    const settings = app.services.settings;

    api.get('/settings', async (req, res) => {
      res.json(await settings.get(shopOf(req)));
    });

    api.patch('/settings', async (req, res) => {
      res.json(await settings.update(shopOf(req), parse(UpdateSettingsRequest, req.body)));
    });

    api.put('/settings/api-key', async (req, res) => {
      const { apiKey } = parse(SaveApiKeyRequest, req.body);
      res.json(await settings.saveApiKey(shopOf(req), apiKey));
    });

    api.delete('/settings/api-key', async (req, res) => {
      res.json(await settings.removeApiKey(shopOf(req)));
    });

    api.post('/shop/resume', async (req, res) => {
      res.json(await settings.resume(shopOf(req)));
    });
  },
};
