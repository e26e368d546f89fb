/**
 * Settings routes (the use cases: src/features/settings/service.ts): the shop's generation defaults,
 * review mode, media position, alt-text template and prompt presets; the ProductAI API key
 * (checked with ProductAI's key-check before it is saved, only ever shown masked); and resuming
 * work paused for credits or the key.
 *
 *   GET    /api/settings            -> SettingsView
 *   PATCH  /api/settings            UpdateSettingsRequest -> SettingsView
 *   PUT    /api/settings/api-key    SaveApiKeyRequest -> SettingsView (400 invalid_api_key)
 *   DELETE /api/settings/api-key    -> SettingsView
 *   POST   /api/shop/resume         -> SettingsView
 *   PUT    /api/settings/style/reference                  image bytes -> SettingsView
 *   POST   /api/settings/style/reference/from-generation  UseResultAsStyleRequest -> SettingsView
 *   DELETE /api/settings/style/reference                  -> SettingsView
 */
import express from 'express';
import {
  SaveApiKeyRequest,
  STYLE_REFERENCE_MAX_BYTES,
  STYLE_REFERENCE_TYPES,
  UpdateSettingsRequest,
  UseResultAsStyleRequest,
} from '../../../src/app-api/contract.ts';
import { AppError } from '../../../src/platform/errors.ts';
import type { AppModule } from '../module.ts';
import { shopOf } from '../plugins/session-auth.ts';
import { parse } from './api-support.ts';

export const settingsApiModule: AppModule = {
  name: 'api-settings',
  register({ api }, app) {
    const settings = app.features.settings;

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

    // The style image is sent as it is (Content-Type: image/jpeg, image/png or image/webp).
    const imageBody = express.raw({
      type: [...STYLE_REFERENCE_TYPES],
      limit: STYLE_REFERENCE_MAX_BYTES,
    });
    api.put('/settings/style/reference', imageBody, async (req, res) => {
      if (!Buffer.isBuffer(req.body)) {
        throw new AppError('invalid', 'invalid_style_image', {
          fields: { image: { code: 'choose_image_type' } },
        });
      }
      res.json(await settings.setStyleReference(shopOf(req), req.body));
    });

    api.post('/settings/style/reference/from-generation', async (req, res) => {
      const { generationId } = parse(UseResultAsStyleRequest, req.body);
      res.json(await settings.useResultAsStyle(shopOf(req), generationId));
    });

    api.delete('/settings/style/reference', async (req, res) => {
      res.json(await settings.removeStyleReference(shopOf(req)));
    });

    api.post('/shop/resume', async (req, res) => {
      res.json(await settings.resume(shopOf(req)));
    });
  },
};
